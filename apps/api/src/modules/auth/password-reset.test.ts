import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { passwordResetTokens } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { API, latestOtp, login, post } from './auth-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function resetTokenFor(email: string): Promise<string> {
  expect((await post(t.app, '/forget/password', { phone_or_email: email })).statusCode).toBe(200);
  const sent = await post(t.app, '/otp/public/send/email/', { email });
  expect(sent.statusCode).toBe(200);
  expect(sent.json()).toEqual({ message: 'OTP sent successfully to your email' });
  const verified = await post(t.app, '/otp/public/verify/email/', {
    phone_or_email: email,
    otp: await latestOtp(t.app, email.toLowerCase()),
  });
  expect(verified.statusCode).toBe(200);
  return verified.json().reset_token;
}

const NEW = 'N3w-pass!';

describe('password reset', () => {
  test('forget, e-mail OTP, reset token, new password; old sessions end', async () => {
    const user = await createUser(t.db);
    const old = await login(t.app, user.email!, 'Passw0rd!');
    const token = await resetTokenFor(user.email!);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored.tokenHash).not.toBe(token);

    const changed = await post(t.app, '/change/forget/password', {
      reset_token: token,
      new_password: NEW,
      confirm_password: NEW,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true, message: 'Password successfully changed!' });

    // Single use.
    const reuse = await post(t.app, '/change/forget/password', {
      reset_token: token,
      new_password: NEW,
      confirm_password: NEW,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.reset_token).toBeDefined();

    // The old refresh and access tokens stop working; the new password logs in, the old one not.
    expect((await post(t.app, '/token/refresh/', { refresh: old.refresh_token })).statusCode).toBe(401);
    const profile = await t.app.inject({
      method: 'GET',
      url: `${API}/profile/`,
      headers: { authorization: `Bearer ${old.access_token}` },
    });
    expect(profile.statusCode).toBe(401);
    expect(
      (await post(t.app, '/login/', { phone_or_email: user.email, password: 'Passw0rd!' })).statusCode,
    ).toBe(401);
    await login(t.app, user.phone!, NEW);
  });

  test('unknown account: 400 with error.phone_or_email', async () => {
    const unknown = await post(t.app, '/forget/password', { phone_or_email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.phone_or_email).toEqual(['No account found with this email.']);
    const empty = await post(t.app, '/forget/password', { phone_or_email: '' });
    expect(empty.json().error.phone_or_email).toEqual(['Please enter your email.']);
    const known = await createUser(t.db);
    const ok = await post(t.app, '/forget/password', { phone_or_email: known.email });
    expect(ok.statusCode).toBe(200);
    expect(typeof ok.json().message).toBe('string');
  });

  test('the reset rule: 7 characters or a missing class refused, 8 with all classes accepted', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user.email!);
    const rule = 'Password must contain 8+ characters, uppercase, lowercase, number, and special character';
    for (const weak of ['Ab1!xyz', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1']) {
      const answer = await post(t.app, '/change/forget/password', {
        reset_token: token,
        new_password: weak,
        confirm_password: weak,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.new_password).toEqual([rule]);
    }
    const mismatch = await post(t.app, '/change/forget/password', {
      reset_token: token,
      new_password: 'Abcdef1!',
      confirm_password: 'Abcdef1?',
    });
    expect(mismatch.json().error.confirm_password).toEqual(['Passwords do not match']);
    const missing = await post(t.app, '/change/forget/password', {
      new_password: 'Abcdef1!',
      confirm_password: 'Abcdef1!',
    });
    expect(missing.json().error.reset_token).toEqual(['Missing reset token. Please verify OTP again.']);
    const ok = await post(t.app, '/change/forget/password', {
      reset_token: token,
      new_password: 'Abcdef1!',
      confirm_password: 'Abcdef1!',
    });
    expect(ok.statusCode).toBe(200);
  });

  test('an expired reset token is refused', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user.email!);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const late = await post(t.app, '/change/forget/password', {
      reset_token: token,
      new_password: NEW,
      confirm_password: NEW,
    });
    expect(late.statusCode).toBe(400);
  });

  test('a wrong e-mail OTP gives no token', async () => {
    const user = await createUser(t.db);
    await post(t.app, '/otp/public/send/email/', { email: user.email });
    const otp = await latestOtp(t.app, user.email!);
    const wrong = await post(t.app, '/otp/public/verify/email/', {
      phone_or_email: user.email,
      otp: otp === '999999' ? '888888' : '999999',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().reset_token).toBeUndefined();
  });
});
