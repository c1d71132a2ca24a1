import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { otpCodes } from '../../db/schema/platform';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { latestOtp, newPhone, nextAddress, outbox, post, wrongOtp } from './auth-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// Lets a test send again without waiting out the 60 s rule.
async function ageCodes(recipient: string, seconds: number): Promise<void> {
  const rows = await t.db.select().from(otpCodes).where(eq(otpCodes.recipient, recipient));
  for (const row of rows) {
    await t.db
      .update(otpCodes)
      .set({ createdAt: new Date(row.createdAt.getTime() - seconds * 1000) })
      .where(eq(otpCodes.id, row.id));
  }
}

describe('OTP rules', () => {
  test('codes are 6 digits, stored only as a hash', async () => {
    const phone = newPhone();
    await post(t.app, '/onboarding/send-otp/', { phone });
    const otp = await latestOtp(t.app, phone);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.recipient, phone));
    expect(otp).toMatch(/^\d{6}$/);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(otp);
  });

  test('5 wrong tries lock the code, even for the right code afterwards', async () => {
    const phone = newPhone();
    await post(t.app, '/onboarding/send-otp/', { phone });
    const otp = await latestOtp(t.app, phone);
    for (let i = 1; i <= 4; i += 1) {
      const wrong = await post(t.app, '/onboarding/verify-otp/', { phone, otp: wrongOtp(otp) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Invalid OTP');
    }
    const fifth = await post(t.app, '/onboarding/verify-otp/', { phone, otp: wrongOtp(otp) });
    expect(fifth.json().message).toMatch(/Too many wrong attempts/);
    const right = await post(t.app, '/onboarding/verify-otp/', { phone, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toMatch(/Too many wrong attempts/);

    // A new code (after the 60 s wait) works.
    await ageCodes(phone, 61);
    await post(t.app, '/onboarding/send-otp/', { phone });
    const fresh = await post(t.app, '/onboarding/verify-otp/', { phone, otp: await latestOtp(t.app, phone) });
    expect(fresh.statusCode).toBe(200);
  });

  test('an expired code is refused', async () => {
    const phone = newPhone();
    await post(t.app, '/onboarding/send-otp/', { phone });
    const otp = await latestOtp(t.app, phone);
    await t.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 601_000) })
      .where(and(eq(otpCodes.recipient, phone), eq(otpCodes.purpose, 'onboarding')));
    const late = await post(t.app, '/onboarding/verify-otp/', { phone, otp });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/expired/);
  });

  test('OTP format: 6 digits', async () => {
    const phone = newPhone();
    const five = await post(t.app, '/onboarding/verify-otp/', { phone, otp: '12345' });
    expect(five.statusCode).toBe(400);
    expect(five.json().error.otp).toEqual(['Please enter a valid 6-digit OTP']);
  });

  test('a resend inside 60 s is refused with Retry-After', async () => {
    const phone = newPhone();
    expect((await post(t.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(200);
    const again = await post(t.app, '/onboarding/send-otp/', { phone });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/Please wait \d+ seconds/);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await outbox(t.app, phone)).toHaveLength(1);
    await ageCodes(phone, 61);
    expect((await post(t.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(200);
  });

  test('concurrent sends to one recipient make one code', async () => {
    const phone = newPhone();
    const answers = await Promise.all([0, 1, 2].map(() => post(t.app, '/onboarding/send-otp/', { phone })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.recipient, phone))).toHaveLength(1);
  });

  test('hourly cap per recipient (5) and per client address (20)', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i += 1) {
      await ageCodes(phone, 61);
      expect((await post(t.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(200);
    }
    await ageCodes(phone, 61);
    const sixth = await post(t.app, '/onboarding/send-otp/', { phone });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many OTP requests for this recipient/);

    const address = nextAddress();
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await post(t.app, '/onboarding/send-otp/', { phone: newPhone() }, { address })).statusCode,
      ).toBe(200);
    }
    const capped = await post(t.app, '/onboarding/send-otp/', { phone: newPhone() }, { address });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(/from your network/);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });
});
