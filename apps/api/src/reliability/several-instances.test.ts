import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { products } from '../db/schema/catalogue';
import { orders, payments, walletSimulations } from '../db/schema/orders';
import { otpCodes, serverSecrets } from '../db/schema/platform';
import { newPhone } from '../modules/auth/auth-test-helpers';
import { atWallet, visit } from '../modules/payments/payments-test-helpers';
import { databaseModes, type ServerData, tempDir } from '../test/database-modes';
import { createProduct, createUser } from '../test/factories';
import { killAll, type ServerProcess, startServer } from '../test/server-process';
import {
  type Answer,
  checkoutCall,
  eventually,
  request,
  type ShopFixture,
  seedShop,
  sendCheckout,
  signedWith,
  walletReadyOptions,
} from './shop-fixture';

// Two API processes on one PostgreSQL, requests alternating between them: every limit, every
// one-time token and every exactly-once rule lives in the database, so it holds across both.
const postgres = databaseModes().find((mode) => mode.name === 'postgres');

let data: ServerData;
let shop: ShopFixture;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
const otherDirs: string[] = [];

let lastAddress = 0;
/** A client address of its own per scenario (the servers trust one proxy hop), so limits meet only where meant. */
function clientAddress(): string {
  lastAddress += 1;
  return `10.77.${lastAddress >> 8}.${lastAddress & 255}`;
}

/** The instance for the i-th request: A, B, A, B, … */
const alternate = (i: number) => (i % 2 === 0 ? a : b);

function post(server: ServerProcess, path: string, body: unknown, address: string, token?: string) {
  return request(server, 'POST', path, { body, token, headers: { 'x-forwarded-for': address } });
}

async function newestOtp(server: ServerProcess, to: string): Promise<string> {
  const response = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const { results } = (await response.json()) as { results: { otp: string | null }[] };
  if (!results[0]?.otp) throw new Error(`no OTP for ${to}`);
  return results[0].otp;
}

/** Moves a recipient's codes back in time, so the next send is not refused by the 60 s rule. */
async function ageCodes(recipient: string, seconds: number): Promise<void> {
  const rows = await database.db.select().from(otpCodes).where(eq(otpCodes.recipient, recipient));
  for (const row of rows)
    await database.db
      .update(otpCodes)
      .set({ createdAt: new Date(row.createdAt.getTime() - seconds * 1000) })
      .where(eq(otpCodes.id, row.id));
}

describe.skipIf(!postgres)('two instances on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    data = await (postgres as NonNullable<typeof postgres>).prepare();
    shop = await seedShop(data, { products: 1, stock: 1000, customers: 30 });
    // Limits are per client address behind one proxy; payments left open are looked up after 3 s.
    // No JWT_SECRET: each instance has a secret file of its own in its own data folder, and the
    // database must make them agree.
    const env = {
      TRUST_PROXY: '1',
      PAYMENT_PENDING_RECONCILE_AFTER: '3',
      PAYMENT_RECONCILE_INTERVAL: '1',
      JWT_SECRET: undefined,
    };
    const secondDir = tempDir();
    otherDirs.push(secondDir);
    // Started together: the migrations' lock lets one migrate while the other waits.
    [a, b] = await Promise.all([
      walletReadyOptions(data, env).then(startServer),
      walletReadyOptions({ ...data, dataDir: secondDir }, env).then(startServer),
    ]);
    database = await openDatabase({ databaseUrl: data.databaseUrl });
    const [secret] = await database.db.select().from(serverSecrets);
    shop.customers = await signedWith(secret.value, shop.customers);
  });
  afterAll(async () => {
    await killAll([a, b]);
    await database?.close();
    await data?.dispose();
    for (const dir of otherDirs) rmSync(dir, { recursive: true, force: true });
  });

  test('without JWT_SECRET both sign with the one secret in the database: a login on A is accepted by B', async () => {
    const files = [a, b].map((server) =>
      readFileSync(join(server.options.dataDir, '.jwt-secret'), 'utf8').trim(),
    );
    // Each data folder made a secret of its own; the first instance's is the one both use.
    expect(files[0]).not.toBe(files[1]);
    const stored = await database.db.select().from(serverSecrets);
    expect(stored).toHaveLength(1);
    expect(files).toContain(stored[0].value);

    const user = await createUser(database.db);
    const address = clientAddress();
    for (const [from, to] of [
      [a, b],
      [b, a],
    ]) {
      const login = await post(
        from,
        '/login/',
        { phone_or_email: user.phone, password: 'Passw0rd!' },
        address,
      );
      expect(login.status).toBe(200);
      const profile = await request(to, 'GET', '/profile/', { token: login.body.access_token });
      expect(profile.status).toBe(200);
    }
  });

  test('OTP: the 5 wrong tries are counted across both instances; then even the right code is refused', async () => {
    const phone = newPhone();
    const address = clientAddress();
    expect((await post(a, '/onboarding/send-otp/', { phone }, address)).status).toBe(200);
    const otp = await newestOtp(b, phone);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) {
      const answer = await post(alternate(i), '/onboarding/verify-otp/', { phone, otp: wrong }, address);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Invalid OTP');
    }
    const fifth = await post(alternate(4), '/onboarding/verify-otp/', { phone, otp: wrong }, address);
    expect(fifth.body.message).toBe('Too many wrong attempts. Please request a new OTP.');
    const right = await post(alternate(5), '/onboarding/verify-otp/', { phone, otp }, address);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Too many wrong attempts. Please request a new OTP.');
  });

  test('OTP sends: the 60 s rule and the hourly cap per recipient hold across both instances', async () => {
    const phone = newPhone();
    const address = clientAddress();
    expect((await post(a, '/onboarding/send-otp/', { phone }, address)).status).toBe(200);
    const again = await post(b, '/onboarding/send-otp/', { phone }, address);
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Please wait \d+ seconds before requesting another OTP\.$/);
    // Four more sends (a minute apart, as far as the 60 s rule can tell) make five this hour.
    for (let i = 1; i < 5; i += 1) {
      await ageCodes(phone, 61);
      expect((await post(alternate(i), '/onboarding/send-otp/', { phone }, address)).status).toBe(200);
    }
    await ageCodes(phone, 61);
    const sixth = await post(alternate(5), '/onboarding/send-otp/', { phone }, address);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many OTP requests for this recipient. Please try again later.');
  });

  test('login: 10 failures from one address, alternating, lock that address out of the account on both', async () => {
    const user = await createUser(database.db);
    const address = clientAddress();
    const attempt = (server: ServerProcess, password: string) =>
      post(server, '/login/', { phone_or_email: user.phone, password }, address);
    for (let i = 0; i < 10; i += 1) expect((await attempt(alternate(i), 'wrong-password')).status).toBe(401);
    for (const server of [a, b]) {
      const locked = await attempt(server, 'Passw0rd!');
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe('Too many failed login attempts. Please try again later.');
    }
    // Another address is not locked out of the account.
    expect(
      (await post(b, '/login/', { phone_or_email: user.phone, password: 'Passw0rd!' }, clientAddress()))
        .status,
    ).toBe(200);
  });

  test('refresh tokens: one spent on B, its successor spent too, presented again on A revokes the family on both', async () => {
    const user = await createUser(database.db);
    const address = clientAddress();
    const login = await post(a, '/login/', { phone_or_email: user.phone, password: 'Passw0rd!' }, address);
    expect(login.status).toBe(200);
    const rotated = await post(b, '/token/refresh/', { refresh: login.body.refresh_token }, address);
    expect(rotated.status).toBe(200);
    // The owner's session moves on (decision 088: until it does, the same token again within a
    // minute is taken for its own client's retry).
    const next = await post(b, '/token/refresh/', { refresh: rotated.body.token.refresh }, address);
    expect(next.status).toBe(200);
    // The old token again, on the other instance: reuse.
    const reused = await post(a, '/token/refresh/', { refresh: login.body.refresh_token }, address);
    expect(reused.status).toBe(401);
    // The thief and the owner are both out: the newest token of the family is refused too.
    const newest = await post(b, '/token/refresh/', { refresh: next.body.token.refresh }, address);
    expect(newest.status).toBe(401);
  });

  test('refresh tokens: one token sent to both at once (two tabs) keeps the session on both', async () => {
    const user = await createUser(database.db);
    const address = clientAddress();
    const login = await post(a, '/login/', { phone_or_email: user.phone, password: 'Passw0rd!' }, address);
    const [onA, onB] = await Promise.all([
      post(a, '/token/refresh/', { refresh: login.body.refresh_token }, address),
      post(b, '/token/refresh/', { refresh: login.body.refresh_token }, address),
    ]);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect((await post(b, '/token/refresh/', { refresh: onA.body.token.refresh }, address)).status).toBe(200);
    expect((await post(a, '/token/refresh/', { refresh: onB.body.token.refresh }, address)).status).toBe(200);
  });

  test('Idempotency-Key: the same checkout sent to both at once places one order; both get its answer', async () => {
    const customer = shop.customers[0];
    const call = checkoutCall(customer, [[shop.products[0].id, 2]], 'cash');
    const [first, second] = await Promise.all([sendCheckout(a, call), sendCheckout(b, call)]);
    expect(first.status).toBe(201);
    expect(second).toEqual(first);
    const replay = await sendCheckout(b, call);
    expect(replay).toEqual(first);
    const mine = await database.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(mine.map((order) => order.id)).toEqual([first.body.order_id]);
    // The same key for another order is refused on either instance.
    const other = { ...call, body: { ...call.body, qtys: [3] } };
    for (const server of [a, b]) expect((await sendCheckout(server, other)).status).toBe(422);
  });

  test('a checkout race split across both never oversells: stock 10, 30 buyers, exactly 10 orders', async () => {
    const product = await createProduct(database.db, { title: 'Dashain Sweets Box', stock: 10 });
    const answers = await Promise.all(
      shop.customers.map((customer, i) =>
        sendCheckout(alternate(i), checkoutCall(customer, [[product.id, 1]], 'cash')),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(10);
    for (const answer of answers.filter((x) => x.status !== 201)) {
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe('Dashain Sweets Box is out of stock.');
    }
    const [row] = await database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row.stock).toBe(0);
  });

  test('payments: returns to both instances at once and both reconcilers record each payment once', async () => {
    // Twelve eSewa orders, placed alternately; every shopper pays at the wallet.
    const placed: { token: string; orderId: number; returnUrl?: string }[] = [];
    for (let i = 0; i < 12; i += 1) {
      const customer = shop.customers[i + 1];
      const answer: Answer = await sendCheckout(
        alternate(i),
        checkoutCall(customer, [[shop.products[0].id, 1]], 'esewa'),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      // Half come back to the shop; the other half lose the redirect (the reconcilers find them).
      const paid = await atWallet(answer.body.payment.next, i % 2 === 0 ? 'pay' : 'pay-no-return');
      placed.push({ token: customer.token, orderId: answer.body.order_id, returnUrl: paid.returnUrl });
    }
    // Each return is delivered to both instances at the same moment (a retried redirect, a proxy
    // replaying it), while the reconcilers of both run every second.
    await Promise.all(
      placed
        .filter((p) => p.returnUrl)
        .flatMap((p) =>
          [a, b].map(async (server) => {
            const url = new URL(p.returnUrl as string);
            const back = await visit(`${server.url}${url.pathname}${url.search}`);
            expect(back.status).toBe(303);
            expect(new URL(back.location as string).searchParams.get('status')).toBe('paid');
          }),
        ),
    );
    for (const p of placed)
      await eventually(async () => {
        const state = await request(alternate(p.orderId), 'GET', `/payments/${p.orderId}/`, {
          token: p.token,
        });
        return state.body.payment_status === 'Paid';
      }, `order ${p.orderId} to be paid`);

    const ids = placed.map((p) => p.orderId);
    const attempts = await database.db.select().from(payments).where(inArray(payments.orderId, ids));
    expect(attempts).toHaveLength(12);
    for (const attempt of attempts) {
      expect(attempt.status).toBe('completed');
      expect(attempt.refundDue).toBe(false);
      const [wallet] = await database.db
        .select()
        .from(walletSimulations)
        .where(eq(walletSimulations.token, attempt.reference));
      expect(attempt.providerRef).toBe(wallet.transactionCode);
    }
    // Recorded once: exactly one "order paid" across both instances' logs for each attempt.
    const paidLines = [a, b]
      .flatMap((server) => server.output().split('\n'))
      .filter((line) => line.includes('"payment: order paid"'))
      .map((line) => JSON.parse(line) as { paymentId: number });
    for (const attempt of attempts)
      expect(
        paidLines.filter((line) => line.paymentId === attempt.id),
        `payment ${attempt.id}`,
      ).toHaveLength(1);
  });
});
