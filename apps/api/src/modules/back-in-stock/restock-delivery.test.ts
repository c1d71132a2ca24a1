import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { messageOutbox } from '../../db/schema/platform';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct, createUser } from '../../test/factories';
import { call } from '../../test/shopper';
import { admin, newStaff } from '../../test/staff';
import { issueTokens } from '../auth/session-service';
import { type FakeHttp, startFakeSmsApi } from '../messaging/fake-servers';
import { sweepOutbox } from '../messaging/outbox-sweeper';

// With a real SMS provider the restock only queues the message (due at once); the outbox sweeper
// carries it on its next pass, exactly once (decision 053).

let t: TestApp;
let sms: FakeHttp;
beforeAll(async () => {
  sms = await startFakeSmsApi();
  t = await buildTestApp({ SPARROW_SMS_TOKEN: 'sparrow-token', SPARROW_SMS_URL: sms.url });
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

const quiet = { info() {}, warn() {}, error() {} };

test('the restock queues the SMS; the next sweep sends it once', async () => {
  const user = await createUser(t.db);
  const { access } = await issueTokens(t.db, t.app.config.jwtSecret, user);
  const me = { id: user.id, token: access };
  const staff = await newStaff(t.app, t.db);
  const oil = await createProduct(t.db, { stock: 0, title: 'Mustard Oil 1 L' });
  const asked = await call(t.app, 'POST', '/create/back-in-stock/', {
    as: me,
    payload: { product: oil.id, channel: 'sms' },
  });
  expect(asked.statusCode).toBe(201);

  const restocked = await admin(t.app, 'POST', `/products/${oil.id}/stock-adjustments/`, {
    as: staff,
    payload: { delta: 8, reason: 'Delivery' },
  });
  expect(restocked.statusCode).toBe(201);
  const [queued] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, user.phone!));
  expect(queued).toMatchObject({ provider: 'sparrow', sentAt: null, attempts: 0 });
  expect(sms.requests).toEqual([]);

  const deps = { db: t.db, config: t.app.config, log: quiet };
  expect((await sweepOutbox(deps)).sent).toEqual([queued.id]);
  expect(sms.requests).toHaveLength(1);
  expect(sms.requests[0]).toMatchObject({ to: user.phone });
  expect(sms.requests[0].text).toContain('Pasal: Mustard Oil 1 L is back in stock.');
  expect((await sweepOutbox(deps)).claimed).toEqual([]);
  expect(sms.requests).toHaveLength(1);
});
