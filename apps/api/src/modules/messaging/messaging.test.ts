import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messageOutbox, otpCodes } from '../../db/schema/platform';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { latestOtp, newPhone, outbox, post } from '../auth/auth-test-helpers';
import { type FakeHttp, type FakeSmtp, startFakeSmsApi, startFakeSmtp } from './fake-servers';

describe('dev outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('lists messages to a recipient, newest first', async () => {
    const phone = newPhone();
    await post(t.app, '/onboarding/send-otp/', { phone });
    const [, older] = await t.db.select().from(otpCodes).where(eq(otpCodes.recipient, phone));
    expect(older).toBeUndefined();
    await t.db
      .update(otpCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(otpCodes.recipient, phone));
    await post(t.app, '/onboarding/send-otp/', { phone });
    const results = await outbox(t.app, phone);
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ to: phone, channel: 'sms', otp: expect.stringMatching(/^\d{6}$/) });
    expect(results[0].text).toContain(results[0].otp);
    expect(results[0].created_at >= results[1].created_at).toBe(true);
    expect(await latestOtp(t.app, phone)).toBe(results[0].otp);
  });

  test('is not served in production', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const answer = await production.app.inject({ method: 'GET', url: '/api/dev/outbox?to=x' });
      expect(answer.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('SMS through Sparrow SMS', () => {
  let fake: FakeHttp;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeSmsApi();
    t = await buildTestApp({
      SPARROW_SMS_TOKEN: 'sparrow-token',
      SPARROW_SMS_URL: fake.url,
      SPARROW_SMS_FROM: 'PasalAlert',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  test('sends token, from, to, text and records the message', async () => {
    fake.answer = {
      status: 200,
      body: { count: 1, response_code: 200, response: '1 mesages has been queued' },
    };
    const phone = newPhone();
    const sent = await post(t.app, '/onboarding/send-otp/', { phone });
    expect(sent.statusCode).toBe(200);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ token: 'sparrow-token', from: 'PasalAlert', to: phone });
    const [row] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, phone));
    expect(row).toMatchObject({ provider: 'sparrow', error: null });
    expect(row.sentAt).not.toBeNull();
    // A code a real provider carried is not kept readable in the outbox record.
    const code = /\b\d{6}\b/.exec(String(request.text))?.[0];
    expect(code).toBeDefined();
    expect(row.otp).toBeNull();
    expect(row.text).not.toContain(code);
    expect(row.text).toContain('••••••');
  });

  test('a provider failure answers "Failed to send OTP" (not a 500) and the user may retry at once', async () => {
    fake.answer = { status: 403, body: { response_code: 1002, response: 'Invalid Token' } };
    const phone = newPhone();
    const failed = await post(t.app, '/onboarding/send-otp/', { phone });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: 'Failed to send OTP' });
    const [row] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, phone));
    expect(row.provider).toBe('sparrow');
    expect(row.error).toMatch(/403/);
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.recipient, phone))).toHaveLength(0);

    fake.answer = { status: 200, body: { response_code: 200 } };
    expect((await post(t.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(200);
  });
});

describe('SMS through Aakash SMS', () => {
  let fake: FakeHttp;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeSmsApi();
    t = await buildTestApp({ AAKASH_SMS_TOKEN: 'aakash-token', AAKASH_SMS_URL: fake.url });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  test('sends auth_token, to, text; an error answer is a failure', async () => {
    fake.answer = { status: 200, body: { error: false, message: '1 messages queued' } };
    const phone = newPhone();
    expect((await post(t.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({ auth_token: 'aakash-token', to: phone });

    fake.answer = { status: 200, body: { error: true, message: 'Insufficient credit' } };
    const other = newPhone();
    const failed = await post(t.app, '/onboarding/send-otp/', { phone: other });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('Failed to send OTP');
    const [row] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, other));
    expect(row).toMatchObject({ provider: 'aakash', error: expect.stringContaining('Insufficient credit') });
  });
});

describe('e-mail through SMTP', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Pasal <otp@pasal.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  test('the reset OTP is mailed and recorded', async () => {
    const user = await createUser(t.db);
    const sent = await post(t.app, '/otp/public/send/email/', { email: user.email });
    expect(sent.statusCode).toBe(200);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].to[0]).toContain(user.email!);
    const [row] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, user.email!));
    expect(row).toMatchObject({ provider: 'smtp', channel: 'email', error: null });
    const code = /\b\d{6}\b/.exec(smtp.mails[0].data)?.[0];
    expect(code).toBeDefined();
    expect(row.otp).toBeNull();
    expect(row.text).not.toContain(code);
    expect(row.text).toContain('••••••');
  });

  test('an unreachable SMTP server gives "Failed to send OTP"', async () => {
    const down = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1?connectionTimeout=2000' });
    try {
      const user = await createUser(down.db);
      const failed = await post(down.app, '/otp/public/send/email/', { email: user.email });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'Failed to send OTP' });
    } finally {
      await down.close();
    }
  });
});
