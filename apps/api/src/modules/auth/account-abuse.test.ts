import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messageOutbox, otpCodes, rateLimits } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { startFakeSmsApi } from '../messaging/fake-servers';
import { latestOtp, login, newPhone, nextAddress, post, signupForm } from './auth-test-helpers';

// Account abuse found in the security review: sign-up squatting, replayed activation codes,
// self-revived disabled accounts, unthrottled sign-up and reset look-ups, production OTP records.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function verifyPhone(path: 'onboarding' | 'otp/public', phone: string) {
  const sent = await post(t.app, path === 'onboarding' ? '/onboarding/send-otp/' : '/otp/public/send/', {
    phone,
  });
  return sent;
}

describe('replacing a pending sign-up', () => {
  test("an OTP sent for the replaced sign-up does not activate the replacement's credentials", async () => {
    const victim = signupForm();
    const victimSignup = await post(t.app, '/signup/', victim);
    expect(victimSignup.statusCode).toBe(201);
    const victimToken = victimSignup.json().signup_token;
    expect(
      (await post(t.app, '/otp/public/send/', { phone: victim.phone, signup_token: victimToken })).statusCode,
    ).toBe(200);
    const victimOtp = await latestOtp(t.app, victim.phone);

    const attacker = signupForm({
      phone: victim.phone,
      email: `attacker-${victim.phone}@example.com`,
      password: 'attacker1',
      confirm_password: 'attacker1',
    });
    const attackerSignup = await post(t.app, '/signup/', attacker);
    expect(attackerSignup.statusCode).toBe(201);

    // The victim's page is told its sign-up was replaced.
    const verified = await post(t.app, '/otp/public/verify/', {
      phone: victim.phone,
      otp: victimOtp,
      signup_token: victimToken,
    });
    expect(verified.statusCode).toBe(409);
    // And the code, sent before the replacement, does not activate it even with its own token.
    const replayed = await post(t.app, '/otp/public/verify/', {
      phone: victim.phone,
      otp: victimOtp,
      signup_token: attackerSignup.json().signup_token,
    });
    expect(replayed.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.phone, victim.phone));
    expect(row).toMatchObject({ isActive: false, phoneVerifiedAt: null });
    const attackerLogin = await post(t.app, '/login/', {
      phone_or_email: attacker.email,
      password: 'attacker1',
    });
    expect(attackerLogin.statusCode).toBe(403);
  });

  test('a pending sign-up matched by e-mail (another phone) is replaced, whatever its age', async () => {
    const squatter = signupForm({ email: `wanted-${newPhone()}@example.com` });
    expect((await post(t.app, '/signup/', squatter)).statusCode).toBe(201);
    const owner = signupForm({ email: squatter.email, password: 'owner12', confirm_password: 'owner12' });
    const replaced = await post(t.app, '/signup/', owner);
    expect(replaced.statusCode).toBe(201);
    expect(await t.db.select().from(users).where(eq(users.phone, squatter.phone))).toHaveLength(0);

    // An old (25 h) pending row is replaceable too.
    await t.db
      .update(users)
      .set({
        createdAt: new Date(Date.now() - 25 * 3600_000),
        updatedAt: new Date(Date.now() - 25 * 3600_000),
      })
      .where(eq(users.phone, owner.phone));
    const later = signupForm({ email: squatter.email, password: 'later12', confirm_password: 'later12' });
    const created = await post(t.app, '/signup/', later);
    expect(created.statusCode).toBe(201);
    const { signup_token } = created.json();

    // The holder of the newest sign-up activates it and logs in with the e-mail.
    expect((await post(t.app, '/otp/public/send/', { phone: later.phone, signup_token })).statusCode).toBe(
      200,
    );
    const otp = await latestOtp(t.app, later.phone);
    expect(
      (await post(t.app, '/otp/public/verify/', { phone: later.phone, otp, signup_token })).statusCode,
    ).toBe(200);
    expect((await login(t.app, squatter.email, 'later12')).message).toBe('Login Successful');
  });

  test('a verified account matched by e-mail is still refused', async () => {
    const user = await createUser(t.db);
    const taken = await post(t.app, '/signup/', signupForm({ email: user.email }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.email).toEqual(['A user with this email already exists.']);
  });
});

describe('a disabled account', () => {
  async function disabledUser() {
    return createUser(t.db, { isActive: false, disabledAt: new Date() });
  }

  test('cannot re-activate itself through the sign-up OTP', async () => {
    // A sign-up disabled by staff before its phone was verified.
    const form = signupForm();
    const { signup_token } = (await post(t.app, '/signup/', form)).json();
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.phone, form.phone));
    const sent = await post(t.app, '/otp/public/send/', { phone: form.phone, signup_token });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().error.phone).toEqual(['This account has been disabled. Please contact support.']);
    // Even with a code sent before it was disabled.
    const other = signupForm();
    const otherToken = (await post(t.app, '/signup/', other)).json().signup_token;
    expect(
      (await post(t.app, '/otp/public/send/', { phone: other.phone, signup_token: otherToken })).statusCode,
    ).toBe(200);
    const otp = await latestOtp(t.app, other.phone);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.phone, other.phone));
    expect(
      (await post(t.app, '/otp/public/verify/', { phone: other.phone, otp, signup_token: otherToken }))
        .statusCode,
    ).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.phone, other.phone));
    expect(row.isActive).toBe(false);
  });

  test('cannot re-activate itself through the phone sign-up (onboarding)', async () => {
    const user = await disabledUser();
    const sent = await post(t.app, '/onboarding/send-otp/', { phone: user.phone });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().error.phone).toEqual(['This account has been disabled. Please contact support.']);
    // With a verification made before it was disabled, set-password is refused too.
    const phone = newPhone();
    expect((await verifyPhone('onboarding', phone)).statusCode).toBe(200);
    const otp = await latestOtp(t.app, phone);
    const verified = await post(t.app, '/onboarding/verify-otp/', { phone, otp });
    expect(verified.statusCode).toBe(200);
    const disabled = await createUser(t.db, { phone, isActive: false, disabledAt: new Date() });
    const set = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'revive1',
      setup_token: verified.json().setup_token,
    });
    expect(set.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, disabled.id));
    expect(row.isActive).toBe(false);
    expect(row.disabledAt).not.toBeNull();
  });

  test('cannot reset its password', async () => {
    const user = await disabledUser();
    const forget = await post(t.app, '/forget/password', { phone_or_email: user.email });
    expect(forget.statusCode).toBe(400);
    expect((await post(t.app, '/otp/public/send/email/', { email: user.email })).statusCode).toBe(400);
  });
});

describe('address limits', () => {
  test('sign-up: 10 an hour per client address, then 429', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i += 1) {
      expect((await post(t.app, '/signup/', signupForm(), { address })).statusCode).toBe(201);
    }
    const eleventh = await post(t.app, '/signup/', signupForm(), { address });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(
      'Too many sign-up attempts from your network. Please try again later.',
    );
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(t.app, '/signup/', signupForm())).statusCode).toBe(201);
  });

  test('forget-password: 20 an hour per client address, then 429', async () => {
    const user = await createUser(t.db);
    const address = nextAddress();
    for (let i = 0; i < 20; i += 1) {
      const answer = await post(t.app, '/forget/password', { phone_or_email: user.email }, { address });
      expect(answer.statusCode).toBe(200);
    }
    const capped = await post(t.app, '/forget/password', { phone_or_email: user.email }, { address });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(
      'Too many password reset requests from your network. Please try again later.',
    );
  });
});

describe('the shared account look-up budget (decision 034)', () => {
  test('/signup/ counts the phone and the e-mail it names: once they are spent it no longer tells who has an account', async () => {
    const victim = await createUser(t.db);
    // Spend the victim's phone's look-ups (20 an hour, whatever the address) on /forget/password.
    for (let i = 0; i < 20; i += 1) {
      const answer = await post(
        t.app,
        '/forget/password',
        { phone_or_email: victim.phone! },
        { address: nextAddress() },
      );
      expect(answer.statusCode).toBe(200);
    }
    const probe = await post(t.app, '/signup/', signupForm({ phone: victim.phone! }), {
      address: nextAddress(),
    });
    expect(probe.statusCode).toBe(429);
    expect(probe.body).not.toContain('already exists');
  });

  test('/signup/ does not count against its address’s look-ups: sign-ups on a shared mobile network leave its password resets alone', async () => {
    const address = nextAddress();
    for (let i = 0; i < 20; i += 1) {
      const someone = await createUser(t.db);
      const answer = await post(t.app, '/forget/password', { phone_or_email: someone.phone! }, { address });
      expect(answer.statusCode).toBe(200);
    }
    // The address's look-ups are spent; a new customer there still signs up (its own limit: 10 an hour).
    expect((await post(t.app, '/signup/', signupForm(), { address })).statusCode).toBe(201);
  });

  test('adding an e-mail counts whether another account proved it, per address and per account', async () => {
    const prober = await createUser(t.db);
    const address = nextAddress();
    const { access_token: token } = await login(t.app, prober.phone!, 'Passw0rd!');
    for (let i = 0; i < 20; i += 1) {
      const victim = await createUser(t.db, { emailVerifiedAt: new Date() });
      const answer = await post(t.app, '/email/verify/send/', { email: victim.email! }, { address, token });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('A user with this email already exists.');
    }
    const victim = await createUser(t.db, { emailVerifiedAt: new Date() });
    const capped = await post(t.app, '/email/verify/send/', { email: victim.email! }, { address, token });
    expect(capped.statusCode).toBe(429);
    expect(capped.body).not.toContain('already exists');
    // From another network the same account is still refused: the account has a budget of its own.
    const moved = await post(t.app, '/email/verify/send/', { email: victim.email! }, { token });
    expect(moved.statusCode).toBe(429);
    // Its own address is no look-up: its code is sent.
    const own = await post(t.app, '/email/verify/send/', { email: prober.email! }, { token });
    expect(own.statusCode).toBe(200);
  });
});

describe('OTP records and counters', () => {
  test('in production the outbox record holds neither the code nor the code in its text', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const phone = newPhone();
      expect((await post(production.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(200);
      const [row] = await production.db
        .select()
        .from(messageOutbox)
        .where(eq(messageOutbox.recipient, phone));
      expect(row.otp).toBeNull();
      expect(row.text).not.toMatch(/\d{6}/);
      expect(row.text).toContain('••••••');
    } finally {
      await production.close();
    }
  });

  test("a provider failure gives the recipient's hourly count back", async () => {
    const fake = await startFakeSmsApi();
    const failing = await buildTestApp({ SPARROW_SMS_TOKEN: 'token', SPARROW_SMS_URL: fake.url });
    try {
      fake.answer = { status: 500, body: { response_code: 500 } };
      const phone = newPhone();
      for (let i = 0; i < 6; i += 1) {
        expect((await post(failing.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(502);
      }
      const counters = await failing.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `otp:to:${phone}`));
      expect(counters.reduce((sum, row) => sum + row.count, 0)).toBe(0);
      fake.answer = { status: 200, body: { response_code: 200 } };
      expect((await post(failing.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(200);
      const codes = await failing.db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.recipient, phone), eq(otpCodes.purpose, 'onboarding')));
      expect(codes).toHaveLength(1);
    } finally {
      await failing.close();
      await fake.close();
    }
  });
});
