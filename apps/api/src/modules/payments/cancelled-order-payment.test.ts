import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { orders, payments } from '../../db/schema/orders';
import { createOrder } from '../../test/factories';
import { API } from '../auth/auth-test-helpers';
import {
  atWallet,
  bearer,
  type PaymentsTestApp,
  payAgain,
  signedInCustomer,
  startPaymentsTestApp,
} from './payments-test-helpers';
import { reconcilePayments } from './reconciler';

// A cancelled order is not "Payment pending", even while a wallet attempt is still open.

const silent = { info() {}, warn() {}, error() {} };
let t: PaymentsTestApp;
let alice: { id: number; token: string };
beforeAll(async () => {
  t = await startPaymentsTestApp();
  alice = await signedInCustomer(t, 'Alice');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(alice.token) });

test('cancelled while at the wallet: Unpaid everywhere the customer looks; a late payment makes it Refund due', async () => {
  const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 30_000, paymentMethod: 'khalti' });
  const start = await payAgain(t, alice.token, order.id, 'khalti');
  const cancelled = await t.app.inject({
    method: 'POST',
    url: `${API}/order/cancel/${order.id}/`,
    headers: bearer(alice.token),
    payload: { reason: 'Ordered the wrong thing' },
  });
  expect(cancelled.statusCode).toBe(200);
  expect(cancelled.json().order).toMatchObject({ order_status: 'Cancelled', payment_status: 'Unpaid' });

  const listed = (await get('/order/list/')).json().results.find((o: { id: number }) => o.id === order.id);
  expect(listed).toMatchObject({ order_status: 'Cancelled', payment_status: 'Unpaid', can_cancel: false });
  expect((await get(`/order/${order.id}/`)).json()).toMatchObject({ payment_status: 'Unpaid' });
  const record = (await get('/list/order/cancellation/'))
    .json()
    .results.find((c: { order: { id: number } }) => c.order.id === order.id);
  expect(record.order.payment_status).toBe('Unpaid');
  expect((await get(`/payments/${order.id}/`)).json()).toMatchObject({
    payment_status: 'Unpaid',
    can_pay: false,
  });

  // The attempt is still looked up: paid at Khalti after all, the money is flagged for refund.
  await atWallet(start.next, 'pay-no-return');
  await reconcilePayments(
    { db: t.db, config: t.app.config, log: silent },
    { now: new Date(Date.now() + 600_000) },
  );
  expect((await get(`/order/${order.id}/`)).json()).toMatchObject({ payment_status: 'Refund due' });
  const [attempt] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
  expect(attempt).toMatchObject({ status: 'completed', refundDue: true });
});

test('an order cancelled earlier with its payment left Pending (rows of before) reads Unpaid', async () => {
  const order = await createOrder(t.db, {
    userId: alice.id,
    totalPaisa: 10_000,
    paymentMethod: 'esewa',
    paymentStatus: 'Pending',
    orderStatus: 'Cancelled',
  });
  expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].paymentStatus).toBe('Pending');
  expect((await get(`/order/${order.id}/`)).json()).toMatchObject({ payment_status: 'Unpaid' });
  expect((await get(`/payments/${order.id}/`)).json()).toMatchObject({ payment_status: 'Unpaid' });
});
