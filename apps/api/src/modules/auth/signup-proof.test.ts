import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { latestOtp, login, newPhone, nextAddress, post, signupForm, wrongOtp } from './auth-test-helpers';

// Issue 21: each step of a sign-up is bound to the client that proved the step before it, and the
// routes that say whether an account exists are throttled like /forget/password (decision 034).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOT_VERIFIED = 'Phone number not verified. Please verify the OTP first.';
const REPLACED =
  'This sign-up was replaced by a newer one for the same phone number or e-mail. Please sign up again.';

async function proveOnboardingPhone(phone: string): Promise<string> {
  expect((await post(t.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(200);
  const verified = await post(t.app, '/onboarding/verify-otp/', {
    phone,
    otp: await latestOtp(t.app, phone),
  });
  expect(verified.statusCode).toBe(200);
  return verified.json().setup_token;
}

describe('set-password after the phone OTP', () => {
  test('only the client that verified the OTP sets the password; the token is single use', async () => {
    const phone = newPhone();
    const token = await proveOnboardingPhone(phone);
    expect(token).toEqual(expect.any(String));

    // Someone who only knows the phone number, within the 10 minutes, gets nothing.
    const grab = await post(t.app, '/onboarding/set-password/', { phone, password: 'grabbed1' });
    expect(grab.statusCode).toBe(400);
    expect(grab.json().error.setup_token).toEqual([NOT_VERIFIED]);
    const forged = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'grabbed1',
      setup_token: 'forged-token',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(NOT_VERIFIED);
    // Another phone's proof does not fit this phone.
    const otherToken = await proveOnboardingPhone(newPhone());
    const crossed = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'grabbed1',
      setup_token: otherToken,
    });
    expect(crossed.json().message).toBe(NOT_VERIFIED);
    expect(await t.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);

    const owner = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'owner123',
      setup_token: token,
    });
    expect(owner.statusCode).toBe(200);
    // The owner is logged in at once (decision 047).
    expect(owner.json()).toMatchObject({
      message: 'Password set successfully!',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    await login(t.app, phone, 'owner123');
    const replay = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'again123',
      setup_token: token,
    });
    expect(replay.statusCode).toBe(400);
    await login(t.app, phone, 'owner123');
  });

  test('10 tries an hour per client address, then 429', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i += 1) {
      const answer = await post(
        t.app,
        '/onboarding/set-password/',
        { phone: newPhone(), password: 'secret1', setup_token: `guess-${i}` },
        { address },
      );
      expect(answer.statusCode).toBe(400);
    }
    const capped = await post(
      t.app,
      '/onboarding/set-password/',
      { phone: newPhone(), password: 'secret1', setup_token: 'guess' },
      { address },
    );
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe('Too many attempts from your network. Please try again later.');
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a pending e-mail sign-up', () => {
  test('replaced by another, it is told so and its OTP never activates the newcomer', async () => {
    const victim = signupForm();
    const first = await post(t.app, '/signup/', victim);
    expect(first.statusCode).toBe(201);
    const victimToken = first.json().signup_token;
    expect(victimToken).toEqual(expect.any(String));

    const attacker = signupForm({
      phone: victim.phone,
      email: `attacker-${victim.phone}@example.com`,
      password: 'attacker1',
      confirm_password: 'attacker1',
    });
    const second = await post(t.app, '/signup/', attacker);
    expect(second.statusCode).toBe(201);
    const attackerToken = second.json().signup_token;

    // The victim's page sends its code: it is told its sign-up is gone instead of serving the newcomer.
    const sent = await post(t.app, '/otp/public/send/', { phone: victim.phone, signup_token: victimToken });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(REPLACED);

    // A code sent for the newcomer reaches the victim's phone; typed into the victim's page it does nothing.
    expect(
      (await post(t.app, '/otp/public/send/', { phone: victim.phone, signup_token: attackerToken }))
        .statusCode,
    ).toBe(200);
    const otp = await latestOtp(t.app, victim.phone);
    const verified = await post(t.app, '/otp/public/verify/', {
      phone: victim.phone,
      otp,
      signup_token: victimToken,
    });
    expect(verified.statusCode).toBe(409);
    expect(verified.json().message).toBe(REPLACED);
    const [row] = await t.db.select().from(users).where(eq(users.phone, victim.phone));
    expect(row).toMatchObject({ isActive: false, phoneVerifiedAt: null });
    const attackerLogin = await post(t.app, '/login/', {
      phone_or_email: attacker.email,
      password: 'attacker1',
    });
    expect(attackerLogin.statusCode).toBe(403);
  });

  test("its OTP is sent and verified only with the sign-up's token", async () => {
    const form = signupForm();
    const created = await post(t.app, '/signup/', form);
    const token = created.json().signup_token;
    const bare = await post(t.app, '/otp/public/send/', { phone: form.phone });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.signup_token).toEqual(['Sign-up not found. Please sign up again.']);
    expect(
      (await post(t.app, '/otp/public/send/', { phone: form.phone, signup_token: token })).statusCode,
    ).toBe(200);
    const otp = await latestOtp(t.app, form.phone);
    // Another phone with this token, or this phone with a made-up token: refused before the code is tried.
    const otherPhone = await post(t.app, '/otp/public/verify/', {
      phone: newPhone(),
      otp,
      signup_token: token,
    });
    expect(otherPhone.statusCode).toBe(409);
    const madeUp = await post(t.app, '/otp/public/verify/', { phone: form.phone, otp, signup_token: 'x' });
    expect(madeUp.statusCode).toBe(409);
    const wrong = await post(t.app, '/otp/public/verify/', {
      phone: form.phone,
      otp: wrongOtp(otp),
      signup_token: token,
    });
    expect(wrong.json().message).toBe('Invalid OTP');
    const right = await post(t.app, '/otp/public/verify/', { phone: form.phone, otp, signup_token: token });
    expect(right.statusCode).toBe(200);
    await login(t.app, form.email, form.password);
    const again = await post(t.app, '/otp/public/send/', { phone: form.phone, signup_token: token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.phone).toEqual(['This phone number is already verified. Please log in.']);
  });
});

describe('account look-ups', () => {
  test('/otp/public/send/ answers alike for an unknown, a pending and an active phone', async () => {
    const pending = signupForm();
    expect((await post(t.app, '/signup/', pending)).statusCode).toBe(201);
    const active = await createUser(t.db, { phone: newPhone() });
    const answers = await Promise.all(
      [newPhone(), pending.phone, active.phone].map((phone) =>
        post(t.app, '/otp/public/send/', { phone, signup_token: 'not-this-sign-up' }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: REPLACED });
    }
  });

  test('the reset e-mail OTP routes and the onboarding OTP routes share the /forget/password limit', async () => {
    const address = nextAddress();
    const user = await createUser(t.db);
    const calls = [
      () =>
        post(t.app, '/forget/password', { phone_or_email: `nobody-${newPhone()}@example.com` }, { address }),
      () =>
        post(
          t.app,
          '/otp/public/verify/email/',
          { phone_or_email: `nobody-${newPhone()}@example.com`, otp: '123456' },
          { address },
        ),
      () => post(t.app, '/onboarding/verify-otp/', { phone: newPhone(), otp: '123456' }, { address }),
      () => post(t.app, '/onboarding/send-otp/', { phone: user.phone }, { address }),
      () =>
        post(t.app, '/otp/public/send/email/', { email: `nobody-${newPhone()}@example.com` }, { address }),
    ];
    for (let i = 0; i < 20; i += 1) {
      expect((await calls[i % calls.length]()).statusCode).toBe(400);
    }
    for (const call of calls) {
      const capped = await call();
      expect(capped.statusCode).toBe(429);
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  test('one phone or e-mail: 20 look-ups an hour from any addresses, then 429', async () => {
    const email = `probed-${newPhone()}@example.com`;
    for (let i = 0; i < 20; i += 1) {
      const answer = await post(t.app, '/otp/public/verify/email/', { phone_or_email: email, otp: '123456' });
      expect(answer.statusCode).toBe(400);
    }
    const capped = await post(t.app, '/otp/public/verify/email/', {
      phone_or_email: email.toUpperCase(),
      otp: '123456',
    });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(
      'Too many attempts for this phone number or e-mail. Please try again later.',
    );

    const phone = newPhone();
    for (let i = 0; i < 20; i += 1) {
      await post(t.app, '/onboarding/verify-otp/', { phone, otp: '123456' });
    }
    expect((await post(t.app, '/onboarding/verify-otp/', { phone, otp: '123456' })).statusCode).toBe(429);
  });

  test('150 probes of /onboarding/verify-otp/ from one address do not all get an answer', async () => {
    const address = nextAddress();
    const owner = await createUser(t.db, { phone: newPhone() });
    const statuses: number[] = [];
    for (let i = 0; i < 150; i += 1) {
      const phone = i % 2 === 0 ? owner.phone : newPhone();
      statuses.push(
        (await post(t.app, '/onboarding/verify-otp/', { phone, otp: '123456' }, { address })).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(130);
  });
});
