import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, payments } from '../../db/schema/orders';
import { createOrder } from '../../test/factories';
import { API } from '../auth/auth-test-helpers';
import { STILL_CONFIRMING } from './check-open-attempts';
import { EARLIER_ATTEMPT_UNCHECKED, PAID_BY_EARLIER_ATTEMPT } from './payment-service';
import {
  atWallet,
  bearer,
  orderPayment,
  type PaymentsTestApp,
  payAgain,
  signedInCustomer,
  startPaymentsTestApp,
  visit,
} from './payments-test-helpers';

// A payment completed at the wallet whose browser never came back must not be paid a second time.

let t: PaymentsTestApp;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
beforeAll(async () => {
  t = await startPaymentsTestApp();
  alice = await signedInCustomer(t, 'Alice');
  bob = await signedInCustomer(t, 'Bob');
});
afterAll(async () => {
  await t.close();
});

const payNow = (token: string, orderId: number, provider: 'esewa' | 'khalti') =>
  t.app.inject({
    method: 'POST',
    url: `${API}/payments/${orderId}/retry/`,
    headers: bearer(token),
    payload: { provider },
  });

const check = (token: string, orderId: number) =>
  t.app.inject({ method: 'POST', url: `${API}/payments/${orderId}/check/`, headers: bearer(token) });

async function attemptsOf(orderId: number) {
  return t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.attempt);
}

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('Pay now after a payment completed at the wallet but not returned', () => {
  for (const wallet of ['esewa', 'khalti'] as const) {
    for (const again of ['esewa', 'khalti'] as const) {
      test(`${wallet} paid, then Pay now with ${again}: refused, the order is paid, exactly one settled payment`, async () => {
        const order = await createOrder(t.db, {
          userId: alice.id,
          totalPaisa: 45_600,
          paymentMethod: wallet,
        });
        const first = await payAgain(t, alice.token, order.id, wallet);
        expect((await atWallet(first.next, 'pay-no-return')).returnUrl).toBeUndefined();
        // What the orders page shows meanwhile: Payment pending, with Pay now.
        expect((await orderPayment(t, alice.token, order.id)).body).toMatchObject({
          payment_status: 'Pending',
          can_pay: true,
        });

        const refused = await payNow(alice.token, order.id, again);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(PAID_BY_EARLIER_ATTEMPT);
        const { body } = await orderPayment(t, alice.token, order.id);
        expect(body).toMatchObject({
          payment_status: 'Paid',
          payment_completed: true,
          payment_method: wallet,
          can_pay: false,
        });
        const attempts = await attemptsOf(order.id);
        expect(attempts.map((p) => [p.attempt, p.provider, p.status, p.refundDue])).toEqual([
          [1, wallet, 'completed', false],
        ]);
        expect((await orderRow(order.id)).paymentReference).toBe(attempts[0].providerRef);
      });
    }
  }

  test('eSewa left in progress (PENDING): Pay now is refused until eSewa settles it; no second attempt', async () => {
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 20_000, paymentMethod: 'esewa' });
    await atWallet((await payAgain(t, alice.token, order.id, 'esewa')).next, 'pending');
    const refused = await payNow(alice.token, order.id, 'khalti');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STILL_CONFIRMING);
    expect((await attemptsOf(order.id)).map((p) => p.status)).toEqual(['pending']);
  });

  test('Back from eSewa without paying: the earlier attempt is closed and Pay now starts a new one', async () => {
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 20_000, paymentMethod: 'esewa' });
    const first = await payAgain(t, alice.token, order.id, 'esewa');
    // The form reached eSewa; the shopper pressed Back.
    const posted = await visit(first.next.url, { form: first.next.type === 'form' ? first.next.fields : {} });
    expect(posted.status).toBe(303);
    const second = await payNow(alice.token, order.id, 'esewa');
    expect(second.statusCode).toBe(200);
    expect((await attemptsOf(order.id)).map((p) => [p.attempt, p.status, p.providerStatus])).toEqual([
      [1, 'expired', 'NOT_FOUND'],
      [2, 'initiated', null],
    ]);
  });

  test('a wallet that cannot be reached refuses Pay now (503), and nothing new is started', async () => {
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 20_000, paymentMethod: 'khalti' });
    await payAgain(t, alice.token, order.id, 'khalti');
    const publicUrl = t.app.config.publicUrl;
    // The simulators live under PUBLIC_URL: a dead address makes the look-up fail.
    t.app.config.publicUrl = 'http://127.0.0.1:9';
    try {
      const refused = await payNow(alice.token, order.id, 'esewa');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(EARLIER_ATTEMPT_UNCHECKED);
    } finally {
      t.app.config.publicUrl = publicUrl;
    }
    expect((await attemptsOf(order.id)).map((p) => p.status)).toEqual(['initiated']);
    expect((await orderRow(order.id)).paymentStatus).toBe('Pending');
  });
});

describe('POST /payments/{orderId}/check/ (the return page after Back from a wallet)', () => {
  test('finds a payment made at the wallet and answers the order paid', async () => {
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 33_300, paymentMethod: 'khalti' });
    await atWallet((await payAgain(t, alice.token, order.id, 'khalti')).next, 'pay-no-return');
    const response = await check(alice.token, order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      order_id: order.id,
      payment_status: 'Paid',
      can_pay: false,
      attempts: [{ attempt: 1, status: 'completed' }],
    });
  });

  test('nothing paid at eSewa: the order is Unpaid again, so Try again and Pay with cash are open', async () => {
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 33_300, paymentMethod: 'esewa' });
    await payAgain(t, alice.token, order.id, 'esewa');
    expect((await orderRow(order.id)).paymentStatus).toBe('Pending');
    const response = await check(alice.token, order.id);
    expect(response.json()).toMatchObject({
      payment_status: 'Unpaid',
      can_pay: true,
      attempts: [{ status: 'expired' }],
    });
  });

  test("someone else's order is not found and the wallet is not asked; a token is required", async () => {
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 33_300, paymentMethod: 'esewa' });
    await payAgain(t, alice.token, order.id, 'esewa');
    const foreign = await check(bob.token, order.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Order not found.');
    expect((await attemptsOf(order.id)).map((p) => p.status)).toEqual(['initiated']);
    const anonymous = await t.app.inject({ method: 'POST', url: `${API}/payments/${order.id}/check/` });
    expect(anonymous.statusCode).toBe(401);
  });

  test('a customer gets 30 checks a minute, then a 429 with a message', async () => {
    const order = await createOrder(t.db, { userId: bob.id, totalPaisa: 1_000, paymentMethod: 'esewa' });
    const refusals: string[] = [];
    // 61 checks fall in at most two one-minute windows, so one window holds more than 30.
    for (let i = 0; i < 61; i += 1) {
      const response = await check(bob.token, order.id);
      if (response.statusCode === 429) refusals.push(response.json().message);
      else expect(response.statusCode).toBe(200);
    }
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals[0]).toBe('Too many payment checks. Please wait a minute and try again.');
  });
});
