import { cashOrdersWaiting } from '@pasal/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, payments } from '../../db/schema/orders';
import { createOrder } from '../../test/factories';
import { API } from '../auth/auth-test-helpers';
import { STILL_CONFIRMING } from './check-open-attempts';
import {
  atWallet,
  backAtShop,
  bearer,
  orderPayment,
  type PaymentsTestApp,
  payAgain,
  signedInCustomer,
  startPaymentsTestApp,
} from './payments-test-helpers';
import { reconcilePayments } from './reconciler';
import { settlePayment } from './settle-payment';

const silent = { info() {}, warn() {}, error() {} };

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

const cash = (token: string | null, orderId: number) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/payments/${orderId}/cash/`,
    headers: token ? bearer(token) : {},
  });

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** An eSewa order whose payment the shopper failed at the wallet: Unpaid, nothing open. */
async function failedEsewaOrder(userId: number, token: string) {
  const order = await createOrder(t.db, { userId, totalPaisa: 75_000, paymentMethod: 'esewa' });
  const failed = await atWallet((await payAgain(t, token, order.id, 'esewa')).next, 'fail');
  expect((await backAtShop(failed.returnUrl ?? '')).status).toBe('unpaid');
  return order;
}

describe('POST /payments/{orderId}/cash/ (Pay with cash instead)', () => {
  test('a failed wallet payment: the order becomes cash on delivery, once, and is no longer paid online', async () => {
    const order = await failedEsewaOrder(alice.id, alice.token);
    const response = await cash(alice.token, order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      order_id: order.id,
      order_status: 'Order Processing',
      total_amount: 750,
      payment_method: 'cash',
      payment_status: 'Unpaid',
      payment_completed: false,
      can_pay: false,
    });
    // A double click: the same answer, nothing else changes.
    const again = await cash(alice.token, order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment_method).toBe('cash');
    // Pay now is over for it.
    const retry = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/${order.id}/retry/`,
      headers: bearer(alice.token),
      payload: { provider: 'khalti' },
    });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().message).toBe('This order is paid in cash on delivery.');
    // An unpaid cash order is not cancelled as an abandoned online one.
    await reconcilePayments(
      { db: t.db, config: t.app.config, log: silent },
      { now: new Date(Date.now() + 3 * 3600_000) },
    );
    expect((await orderRow(order.id)).orderStatus).toBe('Order Processing');
  });

  test('refused while the customer already has as many cash orders awaiting delivery as allowed', async () => {
    const carol = await signedInCustomer(t, 'Carol');
    for (let i = 0; i < 3; i += 1) await createOrder(t.db, { userId: carol.id, totalPaisa: 10_000 });
    const order = await failedEsewaOrder(carol.id, carol.token);
    const refused = await cash(carol.token, order.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(cashOrdersWaiting(3));
    expect((await orderRow(order.id)).paymentMethod).toBe('esewa');
  });

  test('refused while the wallet says a payment is in progress; the order stays online', async () => {
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 20_000, paymentMethod: 'khalti' });
    const start = await payAgain(t, alice.token, order.id, 'khalti');
    await atWallet(start.next, 'pending'); // Khalti holds it Pending; the browser never came back
    const response = await cash(alice.token, order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(STILL_CONFIRMING);
    expect(await orderRow(order.id)).toMatchObject({ paymentMethod: 'khalti', paymentStatus: 'Pending' });
  });

  test('Back from Khalti without paying: the wallet holds nothing paid, so cash is accepted', async () => {
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 20_000, paymentMethod: 'khalti' });
    await payAgain(t, alice.token, order.id, 'khalti'); // the shopper opened Khalti and pressed Back
    const response = await cash(alice.token, order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      payment_method: 'cash',
      payment_status: 'Unpaid',
      can_pay: false,
    });
    // Khalti still calls the attempt Initiated; looking it up again leaves the cash order Unpaid.
    await reconcilePayments(
      { db: t.db, config: t.app.config, log: silent },
      { now: new Date(Date.now() + 10 * 60_000) },
    );
    expect(await orderRow(order.id)).toMatchObject({ paymentMethod: 'cash', paymentStatus: 'Unpaid' });
  });

  test('paid at the wallet without coming back: Pay with cash finds the payment and the order is paid', async () => {
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 30_000, paymentMethod: 'esewa' });
    await atWallet((await payAgain(t, alice.token, order.id, 'esewa')).next, 'pay-no-return');
    const response = await cash(alice.token, order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This order is already paid.');
    expect(await orderRow(order.id)).toMatchObject({ paymentMethod: 'esewa', paymentStatus: 'Paid' });
  });

  test('paid, cancelled and dispatched orders are refused; nothing changes', async () => {
    const paid = await createOrder(t.db, {
      userId: alice.id,
      totalPaisa: 10_000,
      paymentMethod: 'esewa',
      paymentStatus: 'Paid',
    });
    const cancelled = await createOrder(t.db, {
      userId: alice.id,
      totalPaisa: 10_000,
      paymentMethod: 'esewa',
      paymentStatus: 'Unpaid',
      orderStatus: 'Cancelled',
    });
    const packed = await createOrder(t.db, {
      userId: alice.id,
      totalPaisa: 10_000,
      paymentMethod: 'khalti',
      paymentStatus: 'Unpaid',
      orderStatus: 'Packed',
    });
    const expected = [
      [paid.id, 'This order is already paid.'],
      [cancelled.id, 'This order was cancelled.'],
      [packed.id, 'The payment of this order can no longer be changed.'],
    ] as const;
    for (const [id, message] of expected) {
      const response = await cash(alice.token, id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(message);
      expect((await orderRow(id)).paymentMethod).not.toBe('cash');
    }
  });

  test("someone else's order is not found, and a token is required", async () => {
    const order = await failedEsewaOrder(alice.id, alice.token);
    const foreign = await cash(bob.token, order.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Order not found.');
    expect((await cash(null, order.id)).statusCode).toBe(401);
    expect((await cash(alice.token, 999_999)).statusCode).toBe(404);
    expect((await orderRow(order.id)).paymentMethod).toBe('esewa');
    expect((await orderPayment(t, alice.token, order.id)).body.can_pay).toBe(true);
  });

  test('a wallet confirmation arriving after the switch still pays the order, named after that wallet', async () => {
    const order = await failedEsewaOrder(alice.id, alice.token);
    expect((await cash(alice.token, order.id)).statusCode).toBe(200);
    const [attempt] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    await settlePayment(
      t.db,
      silent,
      attempt.id,
      {
        status: 'completed',
        providerStatus: 'COMPLETE',
        amountPaisa: 75_000,
        transactionId: 'LATE-1',
        answer: {},
      },
      { source: 'reconciler' },
    );
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'Paid',
      paymentMethod: 'esewa',
      paymentReference: 'LATE-1',
    });
  });
});
