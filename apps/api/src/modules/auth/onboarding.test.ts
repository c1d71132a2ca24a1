import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { otpCodes } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { latestOtp, login, newPhone, post } from './auth-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Verifies the phone; answers the token set-password needs. */
async function verifyPhone(phone: string): Promise<string> {
  expect((await post(t.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(200);
  const verified = await post(t.app, '/onboarding/verify-otp/', {
    phone,
    otp: await latestOtp(t.app, phone),
  });
  expect(verified.statusCode).toBe(200);
  return verified.json().setup_token;
}

describe('phone sign-up', () => {
  test('send OTP, verify, set password, log in', async () => {
    const phone = newPhone();
    const sent = await post(t.app, '/onboarding/send-otp/', { phone });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'OTP sent successfully to your phone' });
    const otp = await latestOtp(t.app, phone);
    const verified = await post(t.app, '/onboarding/verify-otp/', { phone, otp });
    expect(verified.json()).toEqual({
      message: 'OTP verified successfully',
      setup_token: expect.any(String),
    });
    const set = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'secret',
      setup_token: verified.json().setup_token,
    });
    expect(set.statusCode).toBe(200);
    // The shopper is logged in at once (decision 047).
    expect(set.json()).toEqual({
      message: 'Password set successfully!',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user_id: expect.any(String),
    });
    const session = await login(t.app, phone, 'secret');
    const [row] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(session.user_id).toBe(String(row.id));
    expect(row.isActive).toBe(true);
  });

  test('the name given is stored, and the answer’s tokens are a working session', async () => {
    const phone = newPhone();
    const setupToken = await verifyPhone(phone);
    const set = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'secret',
      setup_token: setupToken,
      first_name: 'Sita',
      last_name: 'Sharma',
    });
    expect(set.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect([row.firstName, row.lastName]).toEqual(['Sita', 'Sharma']);
    expect(set.json().user_id).toBe(String(row.id));
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/ecommerce/profile/',
      headers: { authorization: `Bearer ${set.json().access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    const refreshed = await post(t.app, '/token/refresh/', { refresh: set.json().refresh_token });
    expect(refreshed.statusCode).toBe(200);
  });

  test('a name that is not letters is refused by the spec’s rule, and the verification stays unspent', async () => {
    const phone = newPhone();
    const setupToken = await verifyPhone(phone);
    const refused = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'secret',
      setup_token: setupToken,
      first_name: 'S1ta',
      last_name: 'Sharma',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.first_name).toEqual(['First name must contain only letters']);
    expect(await t.db.select().from(users).where(eq(users.phone, phone))).toEqual([]);
    const set = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'secret',
      setup_token: setupToken,
      first_name: 'Sita',
      last_name: 'Sharma',
    });
    expect(set.statusCode).toBe(200);
  });

  test('phone: 9 digits refused, 10 accepted, digits only', async () => {
    const nine = await post(t.app, '/onboarding/send-otp/', { phone: '980000000' });
    expect(nine.statusCode).toBe(400);
    expect(nine.json().error.phone).toEqual(['Phone number should not be less than 10 digits.']);
    const letters = await post(t.app, '/onboarding/send-otp/', { phone: '98000000ab' });
    expect(letters.json().error.phone).toEqual(['Phone number must contain only numbers']);
    const empty = await post(t.app, '/onboarding/send-otp/', { phone: '' });
    expect(empty.json().error.phone).toEqual(['Please enter your phone number.']);
    expect((await post(t.app, '/onboarding/send-otp/', { phone: newPhone() })).statusCode).toBe(200);
  });

  test('set-password without a verified OTP is refused', async () => {
    const phone = newPhone();
    const never = await post(t.app, '/onboarding/set-password/', { phone, password: 'secret' });
    expect(never.statusCode).toBe(400);
    expect(never.json().message).toMatch(/verify/i);
    // Sent but not verified: still refused.
    await post(t.app, '/onboarding/send-otp/', { phone });
    expect((await post(t.app, '/onboarding/set-password/', { phone, password: 'secret' })).statusCode).toBe(
      400,
    );
    expect(await t.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
  });

  test('set-password: 5 characters refused, 6 accepted', async () => {
    const phone = newPhone();
    const setup_token = await verifyPhone(phone);
    const five = await post(t.app, '/onboarding/set-password/', { phone, password: '12345', setup_token });
    expect(five.statusCode).toBe(400);
    expect(five.json().error.password).toEqual(['Password should not be less than 6 characters.']);
    expect(
      (await post(t.app, '/onboarding/set-password/', { phone, password: '123456', setup_token })).statusCode,
    ).toBe(200);
  });

  test('a verification is spent once and lasts 10 minutes', async () => {
    const phone = newPhone();
    const late = await verifyPhone(phone);
    await t.db
      .update(otpCodes)
      .set({ consumedAt: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where(and(eq(otpCodes.recipient, phone), eq(otpCodes.purpose, 'onboarding')));
    expect(
      (await post(t.app, '/onboarding/set-password/', { phone, password: 'secret', setup_token: late }))
        .statusCode,
    ).toBe(400);

    const other = newPhone();
    const setup_token = await verifyPhone(other);
    expect(
      (await post(t.app, '/onboarding/set-password/', { phone: other, password: 'secret', setup_token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(t.app, '/onboarding/set-password/', { phone: other, password: 'another', setup_token }))
        .statusCode,
    ).toBe(400);
    await login(t.app, other, 'secret');
  });

  test('an active account with a password cannot be taken over through the phone', async () => {
    const owner = await createUser(t.db, { phone: newPhone() });
    const refused = await post(t.app, '/onboarding/send-otp/', { phone: owner.phone });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.phone[0]).toMatch(/already exists/);

    // Even with a verification made before the account existed, set-password does not overwrite it.
    const phone = newPhone();
    const setup_token = await verifyPhone(phone);
    await createUser(t.db, { phone });
    const takeover = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'hijack',
      setup_token,
    });
    expect(takeover.statusCode).toBe(400);
    await login(t.app, phone, 'Passw0rd!');
  });

  test("a pending e-mail sign-up is discarded by the phone flow: the squatter's e-mail never reaches the account", async () => {
    const phone = newPhone();
    const squatterEmail = `squatter-${phone}@example.com`;
    const signup = await post(t.app, '/signup/', {
      email: squatterEmail,
      password: 'abc123',
      confirm_password: 'abc123',
      first_name: 'Hari',
      last_name: 'Thapa',
      phone,
    });
    expect(signup.statusCode).toBe(201);
    const [pending] = await t.db.select().from(users).where(eq(users.phone, phone));
    const setup_token = await verifyPhone(phone);
    expect(
      (await post(t.app, '/onboarding/set-password/', { phone, password: 'newpass', setup_token }))
        .statusCode,
    ).toBe(200);
    const rows = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(pending.id);
    expect(rows[0]).toMatchObject({ isActive: true, email: null, firstName: '', lastName: '' });
    // The squatter's e-mail and password reach nothing, and no reset can be started through it.
    const squatterLogin = await post(t.app, '/login/', { phone_or_email: squatterEmail, password: 'abc123' });
    expect(squatterLogin.statusCode).toBe(401);
    expect(
      (await post(t.app, '/login/', { phone_or_email: squatterEmail, password: 'newpass' })).statusCode,
    ).toBe(401);
    const forget = await post(t.app, '/forget/password', { phone_or_email: squatterEmail });
    expect(forget.statusCode).toBe(400);
    expect(forget.json().error.phone_or_email).toEqual(['No account found with this email.']);
    // The phone's owner logs in with their own password.
    await login(t.app, phone, 'newpass');
  });
});
