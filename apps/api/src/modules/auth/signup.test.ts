import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { latestOtp, login, newPhone, post, signupForm } from './auth-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('e-mail sign-up', () => {
  test('sign-up, phone OTP activation, then login', async () => {
    const body = signupForm({
      email: 'Sita.Sharma@Example.com',
      password: 'secret1',
      confirm_password: 'secret1',
    });
    const created = await post(t.app, '/signup/', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'Registration successful', phone: body.phone });
    const { signup_token } = created.json();

    // Not active until the phone is verified.
    const early = await post(t.app, '/login/', { phone_or_email: body.phone, password: 'secret1' });
    expect(early.statusCode).toBe(403);

    const sent = await post(t.app, '/otp/public/send/', { phone: body.phone, signup_token });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'OTP sent successfully to your phone' });
    const otp = await latestOtp(t.app, body.phone);
    expect(otp).toMatch(/^\d{6}$/);

    const verified = await post(t.app, '/otp/public/verify/', { phone: body.phone, otp, signup_token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'OTP verified successfully' });

    const session = await login(t.app, 'sita.sharma@example.com', 'secret1');
    expect(session.message).toBe('Login Successful');
    const [row] = await t.db.select().from(users).where(eq(users.phone, body.phone));
    expect(row.isActive).toBe(true);
    expect(row.phoneVerifiedAt).not.toBeNull();
    expect(row.email).toBe('sita.sharma@example.com');
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

    // The code is single use.
    const again = await post(t.app, '/otp/public/verify/', { phone: body.phone, otp, signup_token });
    expect(again.statusCode).toBe(400);
  });

  test('password of 3 characters is enough, 2 is not', async () => {
    const short = await post(t.app, '/signup/', signupForm({ password: 'ab', confirm_password: 'ab' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().error.password).toEqual(['Password must be at least 3 characters']);
    const ok = await post(t.app, '/signup/', signupForm({ password: 'abc', confirm_password: 'abc' }));
    expect(ok.statusCode).toBe(201);
  });

  test('field rules in the spec shape', async () => {
    const response = await post(
      t.app,
      '/signup/',
      signupForm({ email: 'not-an-email', first_name: 'R2D2', last_name: '', phone: '98-123' }),
    );
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.email).toEqual(['Invalid email']);
    expect(error.first_name).toEqual(['First name must contain only letters']);
    expect(error.last_name).toContain('Last name is required');
    expect(error.phone).toEqual(['Phone number must contain only numbers']);
    const mismatch = await post(t.app, '/signup/', signupForm({ confirm_password: 'abd' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.confirm_password).toEqual(['Passwords must match']);

    const missing = await post(t.app, '/signup/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.email).toEqual(['Email is required']);
    expect(missing.json().error.phone).toEqual(['Phone number is required']);
  });

  test('duplicate phone or e-mail is refused and never makes a second account', async () => {
    const first = signupForm();
    const created = await post(t.app, '/signup/', first);
    expect(created.statusCode).toBe(201);
    const { signup_token } = created.json();
    await post(t.app, '/otp/public/send/', { phone: first.phone, signup_token });
    await post(t.app, '/otp/public/verify/', {
      phone: first.phone,
      otp: await latestOtp(t.app, first.phone),
      signup_token,
    });

    const samePhone = await post(t.app, '/signup/', signupForm({ phone: first.phone }));
    expect(samePhone.statusCode).toBe(400);
    expect(samePhone.json().error.phone).toEqual(['A user with this phone number already exists.']);

    const sameEmail = await post(t.app, '/signup/', signupForm({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(400);
    expect(sameEmail.json().error.email).toEqual(['A user with this email already exists.']);

    const rows = await t.db.select().from(users).where(eq(users.phone, first.phone));
    expect(rows).toHaveLength(1);
  });

  test('concurrent sign-ups with the same e-mail never make two accounts', async () => {
    const email = `race-${newPhone()}@example.com`;
    const answers = await Promise.all([0, 1, 2, 3].map(() => post(t.app, '/signup/', signupForm({ email }))));
    // A pending sign-up is replaceable, so later ones may replace it; racing ones get the field error.
    expect(answers.some((answer) => answer.statusCode === 201)).toBe(true);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.email).toEqual(['A user with this email already exists.']);
    }
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  test('Devanagari names (letters with vowel signs) are accepted; digits still are not', async () => {
    const ok = await post(t.app, '/signup/', signupForm({ first_name: 'राम', last_name: 'श्रेष्ठ' }));
    expect(ok.statusCode).toBe(201);
    const digits = await post(t.app, '/signup/', signupForm({ first_name: 'राम२' }));
    expect(digits.statusCode).toBe(400);
    expect(digits.json().error.first_name).toEqual(['First name must contain only letters']);
  });

  test('a NUL character in a text field is a field error, not a database error', async () => {
    const names = await post(t.app, '/signup/', signupForm({ first_name: 'Ra\u0000m' }));
    expect(names.statusCode).toBe(400);
    expect(names.json().error.first_name).toEqual(['Must not contain a NUL character']);
    const password = await post(
      t.app,
      '/signup/',
      signupForm({ password: 'ab\u0000c', confirm_password: 'ab\u0000c' }),
    );
    expect(password.statusCode).toBe(400);
    expect(password.json().error.password).toEqual(['Must not contain a NUL character']);
    const byLogin = await post(t.app, '/login/', {
      phone_or_email: 'a\u0000b@example.com',
      password: 'secret1',
    });
    expect(byLogin.statusCode).toBe(400);
    expect(byLogin.json().error.phone_or_email).toEqual(['Must not contain a NUL character']);
  });

  test('a pending (unverified) sign-up with the same phone is replaced, not duplicated', async () => {
    const first = signupForm();
    expect((await post(t.app, '/signup/', first)).statusCode).toBe(201);
    const retry = signupForm({ phone: first.phone, email: `retry-${first.phone}@example.com` });
    expect((await post(t.app, '/signup/', retry)).statusCode).toBe(201);
    const rows = await t.db.select().from(users).where(eq(users.phone, first.phone));
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe(retry.email);
  });

  test('activation OTP only for a pending sign-up', async () => {
    const unknown = await post(t.app, '/otp/public/send/', { phone: newPhone(), signup_token: 'unknown' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toMatch(/Please sign up again/);
  });
});
