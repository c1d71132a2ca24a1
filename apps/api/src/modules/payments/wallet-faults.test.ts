import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, payments } from '../../db/schema/orders';
import { seedLocations } from '../../seed/locations';
import { createOrder, createProduct } from '../../test/factories';
import { API } from '../auth/auth-test-helpers';
import { body, customerWithAddress, order as placeOrder } from '../checkout/checkout-test-helpers';
import { UNSTARTED_AFTER_MS } from './lookup-attempt';
import { STARTS_PER_TEN_MINUTES, TOO_MANY_STARTS } from './payment-service';
import {
  bearer,
  type PaymentsTestApp,
  signedInCustomer,
  startPaymentsTestApp,
} from './payments-test-helpers';

// A wallet that fails in the middle of an answer, and an attempt that never got Khalti's pidx:
// the shopper is told plainly, the order is never answered with a 500 after it was written, and
// nothing is left open that would refuse the next Pay now or Pay with cash. And a held-down Pay now
// cannot open payment after payment at the wallet.

let t: PaymentsTestApp;
/** A Khalti that sends its headers and then drops the connection mid-body. */
let cutOff: Server;
let cutOffBase: string;
beforeAll(async () => {
  t = await startPaymentsTestApp();
  await seedLocations(t.db);
  cutOff = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
    response.write('{"pidx":"abc');
    setTimeout(() => response.socket?.destroy(), 20);
  });
  await new Promise<void>((resolve) => cutOff.listen(0, '127.0.0.1', resolve));
  cutOffBase = `http://127.0.0.1:${(cutOff.address() as AddressInfo).port}/api/v2`;
});
afterAll(async () => {
  await new Promise((resolve) => cutOff.close(resolve));
  await t?.close();
});

/** Runs `action` while Khalti cuts its answers off. */
async function whileKhaltiCutsOff<T>(action: () => Promise<T>): Promise<T> {
  const healthy = t.app.config.khalti;
  t.app.config.khalti = { secretKey: 'live-key', baseUrl: cutOffBase };
  try {
    return await action();
  } finally {
    t.app.config.khalti = healthy;
  }
}

const post = (token: string, path: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `${API}${path}`, headers: bearer(token), payload });

const attemptsOf = (orderId: number) =>
  t.db
    .select({ status: payments.status, pidx: payments.providerSessionId })
    .from(payments)
    .where(eq(payments.orderId, orderId));

const KHALTI_UNREACHABLE = 'Khalti could not be reached. Please try again or choose another payment method.';

describe('a wallet answer cut off halfway', () => {
  test('Pay now answers 503 and closes the attempt; Pay now and Pay with cash work once Khalti is back', async () => {
    const alice = await signedInCustomer(t, 'Alice');
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 50_000, paymentMethod: 'khalti' });
    const first = await whileKhaltiCutsOff(() =>
      post(alice.token, `/payments/${order.id}/retry/`, { provider: 'khalti' }),
    );
    expect(first.statusCode).toBe(503);
    expect(first.json().message).toBe(KHALTI_UNREACHABLE);
    expect(await attemptsOf(order.id)).toEqual([{ status: 'failed', pidx: null }]);

    const again = await post(alice.token, `/payments/${order.id}/retry/`, { provider: 'khalti' });
    expect(again.statusCode, again.body).toBe(200);
    const cash = await post(alice.token, `/payments/${order.id}/cash/`);
    expect(cash.statusCode, cash.body).toBe(200);
  });

  test('checkout answers the order it wrote, with the wallet’s message, never a 500', async () => {
    const me = await customerWithAddress(t.app, t.db);
    const product = await createProduct(t.db);
    const placed = await whileKhaltiCutsOff(() =>
      placeOrder(t.app, me, body(me.addressId, [[product.id, 1]], { payment_method: 'khalti' })),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const answer = placed.json();
    expect(answer).toMatchObject({ payment: null, payment_error: KHALTI_UNREACHABLE });
    const written = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, me.id));
    expect(written).toEqual([{ id: answer.order_id }]);
    expect(await attemptsOf(answer.order_id)).toEqual([{ status: 'failed', pidx: null }]);
  });
});

describe('a Khalti attempt that never got its pidx (the server stopped while starting it)', () => {
  async function unstarted(userId: number, ageMs: number) {
    const order = await createOrder(t.db, { userId, totalPaisa: 50_000, paymentMethod: 'khalti' });
    const createdAt = new Date(Date.now() - ageMs);
    await t.db.insert(payments).values({
      orderId: order.id,
      attempt: 1,
      provider: 'khalti',
      reference: `PSL-${order.id}-1-TEST`,
      amount: 50_000,
      createdAt,
      updatedAt: createdAt,
    });
    await t.db.update(orders).set({ paymentStatus: 'Pending' }).where(eq(orders.id, order.id));
    return order;
  }

  test('past the start’s window it is failed, and Pay with cash goes through', async () => {
    const bob = await signedInCustomer(t, 'Bob');
    const order = await unstarted(bob.id, UNSTARTED_AFTER_MS + 60_000);
    const cash = await post(bob.token, `/payments/${order.id}/cash/`);
    expect(cash.statusCode, cash.body).toBe(200);
    expect(await attemptsOf(order.id)).toEqual([{ status: 'failed', pidx: null }]);
  });

  test('within the window it may still be starting: Pay now waits for it', async () => {
    const carol = await signedInCustomer(t, 'Carol');
    const order = await unstarted(carol.id, 5_000);
    const retry = await post(carol.token, `/payments/${order.id}/retry/`, { provider: 'khalti' });
    expect(retry.statusCode).toBe(503);
    expect(await attemptsOf(order.id)).toEqual([{ status: 'initiated', pidx: null }]);
  });
});

describe('Pay now pressed again and again', () => {
  test('an order starts 10 payments in 10 minutes, then 429; another order and another customer are not held up', async () => {
    const dan = await signedInCustomer(t, 'Dan');
    const order = await createOrder(t.db, { userId: dan.id, totalPaisa: 50_000, paymentMethod: 'khalti' });
    const other = await createOrder(t.db, { userId: dan.id, totalPaisa: 50_000, paymentMethod: 'khalti' });
    const eve = await signedInCustomer(t, 'Eve');
    // Someone else's order is not found, and counts nothing against it.
    for (let i = 0; i < 3; i += 1) {
      const probe = await post(eve.token, `/payments/${order.id}/retry/`, { provider: 'khalti' });
      expect(probe.statusCode).toBe(404);
    }
    for (let i = 0; i < STARTS_PER_TEN_MINUTES; i += 1) {
      const start = await post(dan.token, `/payments/${order.id}/retry/`, { provider: 'khalti' });
      expect(start.statusCode, start.body).toBe(200);
    }
    const refused = await post(dan.token, `/payments/${order.id}/retry/`, { provider: 'khalti' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_STARTS);
    expect(await attemptsOf(order.id)).toHaveLength(STARTS_PER_TEN_MINUTES);
    const elsewhere = await post(dan.token, `/payments/${other.id}/retry/`, { provider: 'khalti' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});
