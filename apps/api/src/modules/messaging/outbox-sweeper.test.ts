import type { CheckoutResponse } from '@pasal/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AppConfig, loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { messageOutbox } from '../../db/schema/platform';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct } from '../../test/factories';
import { createScratchDatabase } from '../../test/test-database';
import { newPhone, post } from '../auth/auth-test-helpers';
import { body, customerWithAddress, order } from '../checkout/checkout-test-helpers';
import { type FakeHttp, type FakeSmtp, startFakeSmsApi, startFakeSmtp } from './fake-servers';
import type { OutgoingMessage } from './message-sender';
import { deliverQueuedMessage, queueMessage } from './messenger';
import { FIRST_RETRY_DELAY_MS } from './outbox-attempts';
import { type OutboxDeps, type OutboxLog, sweepOutbox } from './outbox-sweeper';

// Queued messages (order confirmations) reach their provider at least once: the send after the
// commit, and the sweeper for what that send never did (a crash) or could not do (a provider
// failure). Each test runs a sweep at a chosen `now` instead of waiting for the timer.

interface LogLine {
  level: 'info' | 'warn' | 'error';
  object: object;
  message: string;
}

function memoryLog(): OutboxLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (object, message) => lines.push({ level: 'info', object, message }),
    warn: (object, message) => lines.push({ level: 'warn', object, message }),
    error: (object, message) => lines.push({ level: 'error', object, message }),
  };
}

const later = (ms: number, from = new Date()) => new Date(from.getTime() + ms);
const GRACE_MS = 60_000; // OUTBOX_RETRY_AFTER's default

let mailCounter = 0;
function mailTo(): OutgoingMessage {
  mailCounter += 1;
  const to = `sweep-${Date.now()}-${mailCounter}@example.com`;
  return {
    channel: 'email',
    to,
    subject: `Your Pasal order PSL${mailCounter} is confirmed`,
    text: `Order ${to}`,
  };
}

function smsTo(): OutgoingMessage {
  const to = newPhone();
  return { channel: 'sms', to, subject: 'Your Pasal order', text: `Your order for ${to} is confirmed` };
}

/** A message queued in a committed transaction and never handed to its provider: what a crash leaves. */
async function queuedUnsent(deps: Pick<OutboxDeps, 'db' | 'config'>, message: OutgoingMessage) {
  const queued = await deps.db.transaction((tx) => queueMessage(tx, deps.config, message));
  if (!queued) throw new Error('expected the message to wait for a provider');
  return queued;
}

async function rowOf(deps: Pick<OutboxDeps, 'db'>, id: number) {
  const [row] = await deps.db.select().from(messageOutbox).where(eq(messageOutbox.id, id));
  return row;
}

describe('e-mail through SMTP', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let deps: OutboxDeps & { log: ReturnType<typeof memoryLog> };
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Pasal <orders@pasal.test>' });
    await seedLocations(t.db);
    deps = { db: t.db, config: t.app.config, log: memoryLog() };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const mailsTo = (to: string) => smtp.mails.filter((mail) => mail.to.some((rcpt) => rcpt.includes(to)));

  test('a message committed but never sent (a crash after the commit) is sent by the sweeper after the grace period', async () => {
    const message = mailTo();
    const queued = await queuedUnsent(deps, message);
    expect(await rowOf(deps, queued.id)).toMatchObject({ sentAt: null, attempts: 0, provider: 'smtp' });

    const early = await sweepOutbox(deps, { now: later(GRACE_MS - 1_000) });
    expect(early.claimed).not.toContain(queued.id);
    expect(mailsTo(message.to)).toHaveLength(0);

    const due = await sweepOutbox(deps, { now: later(GRACE_MS + 1_000) });
    expect(due.sent).toContain(queued.id);
    const [mail] = mailsTo(message.to);
    expect(mail.data).toContain(`Subject: ${message.subject}`);
    expect(mail.data).toContain(message.text);
    const row = await rowOf(deps, queued.id);
    expect(row.sentAt).not.toBeNull();
    expect(row).toMatchObject({
      attempts: 1,
      error: null,
      nextAttemptAt: null,
      claimedUntil: null,
      givenUpAt: null,
    });

    // Sent is final: later sweeps leave it.
    const again = await sweepOutbox(deps, { now: later(24 * 3_600_000) });
    expect(again.claimed).not.toContain(queued.id);
    expect(mailsTo(message.to)).toHaveLength(1);
  });

  test('a message just queued is left to the send after the commit; the sweeper never sends it again', async () => {
    const message = mailTo();
    const queued = await queuedUnsent(deps, message);
    const during = await sweepOutbox(deps, { now: later(GRACE_MS / 2) });
    expect(during.claimed).not.toContain(queued.id);
    expect(mailsTo(message.to)).toHaveLength(0);

    expect(await deliverQueuedMessage(t.db, deps.config, queued)).toMatchObject({ sent: true, attempts: 1 });
    const after = await sweepOutbox(deps, { now: later(GRACE_MS * 2) });
    expect(after.claimed).not.toContain(queued.id);
    expect(mailsTo(message.to)).toHaveLength(1);
  });

  test('checkout while the SMTP server refuses mail: the order stands and its confirmation is retried until it arrives', async () => {
    const email = `retry-${Date.now()}@example.com`;
    const me = await customerWithAddress(t.app, t.db, { email });
    const rice = await createProduct(t.db, { title: 'Jeera Masino Rice 5 kg' });
    const confirmation = async () =>
      (await t.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, email))).at(0);
    smtp.refuse = '451 4.3.0 Mailbox busy, try again later';
    try {
      const placed = await order(t.app, me, body(me.addressId, [[rice.id, 1]]));
      expect(placed.statusCode).toBe(201);
      const { tracking_id } = placed.json<CheckoutResponse>();
      // The send after the commit runs after the answer: wait (bounded) until it recorded its failure.
      let row = await confirmation();
      const deadline = Date.now() + 20_000;
      while (!row?.error && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await confirmation();
      }
      if (!row) throw new Error('no confirmation was queued');
      expect(row.text).toContain(tracking_id);
      expect(row).toMatchObject({ provider: 'smtp', sentAt: null, attempts: 1 });
      expect(row.error).toMatch(/451/);
      // First retry a minute after the failure.
      const wait = row.nextAttemptAt!.getTime() - row.createdAt.getTime();
      expect(wait).toBeGreaterThanOrEqual(FIRST_RETRY_DELAY_MS);
      expect(wait).toBeLessThan(FIRST_RETRY_DELAY_MS + 20_000);

      const early = await sweepOutbox(deps, { now: later(-1_000, row.nextAttemptAt!) });
      expect(early.claimed).not.toContain(row.id);

      smtp.refuse = undefined;
      const due = await sweepOutbox(deps, { now: row.nextAttemptAt! });
      expect(due.sent).toContain(row.id);
      const mails = smtp.mails.filter((mail) => mail.data.includes(tracking_id));
      expect(mails).toHaveLength(1);
      expect(mails[0].data).toContain(`Subject: Your Pasal order ${tracking_id} is confirmed`);
      expect(await rowOf(deps, row.id)).toMatchObject({ attempts: 2, error: null, nextAttemptAt: null });
    } finally {
      smtp.refuse = undefined;
    }
  });

  test('a provider taken out of the configuration counts as a failed attempt, not a send', async () => {
    const queued = await queuedUnsent(deps, mailTo());
    const withoutSmtp = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: t.dataDir, SMTP_URL: '' });
    const summary = await sweepOutbox({ ...deps, config: withoutSmtp }, { now: later(GRACE_MS + 1_000) });
    expect(summary.failed).toContain(queued.id);
    expect(await rowOf(deps, queued.id)).toMatchObject({
      provider: 'smtp',
      sentAt: null,
      attempts: 1,
      error: 'no SMTP provider is configured',
    });
  });
});

describe('SMS through Sparrow SMS', () => {
  let sms: FakeHttp;
  let t: TestApp;
  let deps: OutboxDeps & { log: ReturnType<typeof memoryLog> };
  beforeAll(async () => {
    sms = await startFakeSmsApi();
    t = await buildTestApp({
      SPARROW_SMS_TOKEN: 'sparrow-token',
      SPARROW_SMS_URL: sms.url,
      OUTBOX_MAX_ATTEMPTS: '4',
    });
    deps = { db: t.db, config: t.app.config, log: memoryLog() };
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });
  const requestsTo = (to: string) => sms.requests.filter((request) => request.to === to);

  test('a failing provider is retried after 1, 2, 4 minutes and given up after OUTBOX_MAX_ATTEMPTS, in the row and the log', async () => {
    sms.answer = { status: 500, body: { response_code: 5000, response: 'Service unavailable' } };
    const message = smsTo();
    const queued = await queuedUnsent(deps, message);
    let now = later(GRACE_MS + 1_000);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const summary = await sweepOutbox(deps, { now });
      expect(summary.failed).toContain(queued.id);
      const row = await rowOf(deps, queued.id);
      expect(row).toMatchObject({ attempts: attempt, sentAt: null, givenUpAt: null, claimedUntil: null });
      expect(row.error).toMatch(/HTTP 500/);
      waits.push(row.nextAttemptAt!.getTime() - now.getTime());
      // Not before its time.
      const early = await sweepOutbox(deps, { now: later(-1_000, row.nextAttemptAt!) });
      expect(early.claimed).not.toContain(queued.id);
      now = row.nextAttemptAt!;
    }
    expect(waits).toEqual([60_000, 120_000, 240_000]);

    const last = await sweepOutbox(deps, { now });
    expect(last.givenUp).toContain(queued.id);
    const row = await rowOf(deps, queued.id);
    expect(row).toMatchObject({ attempts: 4, sentAt: null, nextAttemptAt: null, claimedUntil: null });
    expect(row.givenUpAt).toEqual(now);
    expect(row.error).toMatch(/^gave up after 4 attempts: HTTP 500/);
    expect(deps.log.lines).toContainEqual({
      level: 'error',
      object: expect.objectContaining({ outboxId: queued.id, attempts: 4, provider: 'sparrow' }),
      message: 'outbox: message given up after 4 attempts',
    });
    expect(requestsTo(message.to)).toHaveLength(4);

    // Given up is final, even once the provider works again.
    sms.answer = { status: 200, body: { response_code: 200 } };
    const after = await sweepOutbox(deps, { now: later(24 * 3_600_000) });
    expect(after.claimed).not.toContain(queued.id);
    expect(requestsTo(message.to)).toHaveLength(4);
  });

  test('a failed OTP send is not retried: the code is sent at once or not at all', async () => {
    sms.answer = { status: 403, body: { response_code: 1002, response: 'Invalid Token' } };
    const phone = newPhone();
    expect((await post(t.app, '/onboarding/send-otp/', { phone })).statusCode).toBe(502);
    const [row] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, phone));
    expect(row).toMatchObject({ provider: 'sparrow', sentAt: null, nextAttemptAt: null });

    sms.answer = { status: 200, body: { response_code: 200 } };
    const summary = await sweepOutbox(deps, { now: later(3_600_000) });
    expect(summary.claimed).not.toContain(row.id);
    expect(requestsTo(phone)).toHaveLength(1);
  });
});

describe('without a provider the outbox row is the message', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('it counts as sent when queued and no sweep touches it', async () => {
    const deps = { db: t.db, config: t.app.config, log: memoryLog() };
    const message = smsTo();
    expect(await t.db.transaction((tx) => queueMessage(tx, deps.config, message))).toBeNull();
    const [row] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, message.to));
    expect(row).toMatchObject({ provider: 'outbox', nextAttemptAt: null, attempts: 0 });
    expect(row.sentAt).not.toBeNull();
    const summary = await sweepOutbox(deps, { now: later(24 * 3_600_000) });
    expect(summary.claimed).not.toContain(row.id);
  });
});

describe('two sweepers on one database', () => {
  // Two instances: on PostgreSQL two connection pools on one database; on PGlite (one process per
  // database) two passes racing on the one connection.
  let sms: FakeHttp;
  let first: Database;
  let second: Database;
  let drop: (() => Promise<void>) | undefined;
  let config: AppConfig;
  beforeAll(async () => {
    sms = await startFakeSmsApi();
    const scratch = await createScratchDatabase();
    first = await openDatabase({ databaseUrl: scratch?.url, poolSize: 4 });
    await first.migrate();
    second = scratch ? await openDatabase({ databaseUrl: scratch.url, poolSize: 4 }) : first;
    drop = scratch?.drop;
    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent-pasal-test',
      JWT_SECRET: 'x'.repeat(48),
      SPARROW_SMS_TOKEN: 'sparrow-token',
      SPARROW_SMS_URL: sms.url,
    });
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
    await drop?.();
    await sms.close();
  });

  test('passes racing on two instances send each message once', async () => {
    const messages = Array.from({ length: 35 }, smsTo);
    const ids: number[] = [];
    for (const message of messages) ids.push((await queuedUnsent({ db: first.db, config }, message)).id);
    // Slow answers, so that the two passes' batches overlap.
    sms.delayMs = 40;
    sms.answer = { status: 200, body: { response_code: 200 } };
    const now = later(GRACE_MS + 1_000);
    const [a, b, c] = await Promise.all([
      sweepOutbox({ db: first.db, config, log: memoryLog() }, { now }),
      sweepOutbox({ db: second.db, config, log: memoryLog() }, { now }),
      sweepOutbox({ db: second.db, config, log: memoryLog() }, { now }),
    ]);
    const claimed = [...a.claimed, ...b.claimed, ...c.claimed];
    expect(claimed.sort((x, y) => x - y)).toEqual(ids);
    for (const message of messages)
      expect(sms.requests.filter((request) => request.to === message.to)).toHaveLength(1);
    const rows = await first.db.select().from(messageOutbox);
    expect(rows.filter((row) => row.sentAt === null)).toEqual([]);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });
});
