import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products } from '../../db/schema/catalogue';
import { orderCancellations, orders, payments, voucherUses } from '../../db/schema/orders';
import { vouchers } from '../../db/schema/shopping';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createOrder, createProduct, createUser } from '../../test/factories';
import { API, login } from '../auth/auth-test-helpers';
import { cancelUnpaidOrder } from './cancel-unpaid-order';
import { atWallet, type PaymentsTestApp, payAgain, startPaymentsTestApp } from './payments-test-helpers';
import { reconcilePayments } from './reconciler';

const silent = { info() {}, warn() {}, error() {} };
const HOUR = 3_600_000;

let t: PaymentsTestApp;
let customer: { id: number; token: string };
beforeAll(async () => {
  t = await startPaymentsTestApp();
  const user = await createUser(t.db);
  customer = { id: user.id, token: (await login(t.app, user.phone ?? '', 'Passw0rd!')).access_token };
});
afterAll(async () => {
  await t.close();
});

const deps = () => ({ db: t.db, config: t.app.config, log: silent });

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function stockOf(productId: number) {
  const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row.stock;
}

/** An online order placed `hoursAgo`, holding 3 units of a product (stock left: 5) and a voucher use. */
async function staleOrder(hoursAgo: number, method: 'esewa' | 'khalti' | 'cash' = 'esewa') {
  const product = await createProduct(t.db, { stock: 5 });
  const [voucher] = await t.db
    .insert(vouchers)
    .values({ code: `T${product.id}X${hoursAgo}`, voucherType: 'Amount', discountAmount: 1_000 })
    .returning();
  const order = await createOrder(t.db, {
    userId: customer.id,
    totalPaisa: 53_000,
    paymentMethod: method,
    createdAt: new Date(Date.now() - hoursAgo * HOUR),
    lines: [{ productId: product.id, quantity: 3, unitPaisa: 18_000 }],
    voucherId: voucher.id,
  });
  return { order, product, voucher };
}

describe('unpaid online orders', () => {
  test('cancelled after UNPAID_ONLINE_ORDER_TTL without a payment: stock back, voucher use released, recorded', async () => {
    const { order, product } = await staleOrder(2);
    const cash = await staleOrder(2, 'cash');
    const fresh = await staleOrder(0.5);
    // Paid with a failed attempt long ago: still nothing received.
    const failedLongAgo = await staleOrder(3, 'khalti');
    await t.db.insert(payments).values({
      orderId: failedLongAgo.order.id,
      attempt: 1,
      provider: 'khalti',
      reference: `OLD-${failedLongAgo.order.id}`,
      amount: 53_000,
      status: 'expired',
      createdAt: new Date(Date.now() - 2.5 * HOUR),
    });

    const pass = await reconcilePayments(deps());
    expect(pass.cancelledOrders).toContain(order.id);
    expect(pass.cancelledOrders).toContain(failedLongAgo.order.id);
    expect(pass.cancelledOrders).not.toContain(cash.order.id);
    expect(pass.cancelledOrders).not.toContain(fresh.order.id);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'Unpaid', paymentCompleted: false });
    expect(await stockOf(product.id)).toBe(8);
    const [use] = await t.db.select().from(voucherUses).where(eq(voucherUses.orderId, order.id));
    expect(use.releasedAt).not.toBeNull();
    const [record] = await t.db
      .select()
      .from(orderCancellations)
      .where(eq(orderCancellations.orderId, order.id));
    expect(record).toMatchObject({ cancelledBy: 'system' });
    expect(record.remarks).toMatch(/not completed in time/);

    expect((await orderRow(cash.order.id)).orderStatus).toBe('Order Processing');
    expect(await stockOf(cash.product.id)).toBe(5);
    expect((await orderRow(fresh.order.id)).orderStatus).toBe('Order Processing');

    // Once: a second pass (or a second instance) gives nothing back twice.
    const again = await reconcilePayments(deps());
    expect(again.cancelledOrders).not.toContain(order.id);
    expect(await stockOf(product.id)).toBe(8);

    // Pay now is refused for the cancelled order.
    const retry = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/${order.id}/retry/`,
      headers: { authorization: `Bearer ${customer.token}` },
      payload: { provider: 'esewa' },
    });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().message).toBe('This order was cancelled.');
  });

  test('a payment started recently keeps an old order alive', async () => {
    const { order, product } = await staleOrder(2);
    await payAgain(t, customer.token, order.id, 'khalti');
    const pass = await reconcilePayments(deps());
    expect(pass.cancelledOrders).not.toContain(order.id);
    expect((await orderRow(order.id)).orderStatus).toBe('Order Processing');
    expect(await stockOf(product.id)).toBe(5);
  });

  test('cancelUnpaidOrder refuses a paid order and changes nothing', async () => {
    const { order, product } = await staleOrder(0, 'khalti');
    await t.db
      .update(orders)
      .set({ paymentStatus: 'Paid', paymentCompleted: true })
      .where(eq(orders.id, order.id));
    expect(await cancelUnpaidOrder(t.db, t.app.config, order.id)).toBe(false);
    expect((await orderRow(order.id)).orderStatus).toBe('Order Processing');
    expect(await stockOf(product.id)).toBe(5);
  });

  test('a payment confirmed for an order cancelled meanwhile is flagged for refund', async () => {
    const { order, product } = await staleOrder(0, 'khalti');
    const start = await payAgain(t, customer.token, order.id, 'khalti');
    // The order is cancelled while the shopper is still at the wallet…
    expect(
      await cancelUnpaidOrder(t.db, t.app.config, order.id, {
        cancelledBy: 'customer',
        remarks: 'Changed my mind',
      }),
    ).toBe(true);
    expect(await stockOf(product.id)).toBe(8);
    // A cancelled order awaits no payment, though the open attempt is still looked up.
    expect((await orderRow(order.id)).paymentStatus).toBe('Unpaid');
    // …who pays anyway and never comes back.
    await atWallet(start.next, 'pay-no-return');
    await reconcilePayments(deps(), { now: new Date(Date.now() + 10 * 60_000) });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'Refund due',
      paymentCompleted: true,
    });
    const [attempt] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(attempt).toMatchObject({ status: 'completed', refundDue: true });
    // The stock was given back once, when cancelling.
    expect(await stockOf(product.id)).toBe(8);
  });

  test('a second payment of an already paid order is flagged for refund', async () => {
    const { order } = await staleOrder(0, 'esewa');
    const first = await payAgain(t, customer.token, order.id, 'esewa');
    const second = await payAgain(t, customer.token, order.id, 'khalti');
    await atWallet(first.next, 'pay-no-return');
    await atWallet(second.next, 'pay-no-return');
    await reconcilePayments(deps(), { now: new Date(Date.now() + 10 * 60_000) });
    const attempts = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(payments.attempt);
    expect(attempts.map((p) => [p.status, p.refundDue])).toEqual([
      ['completed', false],
      ['completed', true],
    ]);
    expect((await orderRow(order.id)).paymentReference).toBe(attempts[0].providerRef);
  });
});

describe('production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await buildTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  });
  afterAll(async () => {
    await prod.close();
  });

  test('without credentials both wallets are off, the simulators do not exist, and paying online is refused', async () => {
    const methods = await prod.app.inject({ method: 'GET', url: `${API}/payments/methods/` });
    expect(
      methods.json().methods.map((m: { id: string; available: boolean }) => [m.id, m.available]),
    ).toEqual([
      ['cash', true],
      ['esewa', false],
      ['khalti', false],
    ]);
    expect((await prod.app.inject({ method: 'GET', url: '/dev/khalti/pay/?pidx=x' })).statusCode).toBe(404);
    expect(
      (await prod.app.inject({ method: 'POST', url: '/dev/esewa/api/epay/main/v2/form', payload: {} }))
        .statusCode,
    ).toBe(404);
    const user = await createUser(prod.db);
    const token = (await login(prod.app, user.phone ?? '', 'Passw0rd!')).access_token;
    const order = await createOrder(prod.db, { userId: user.id, totalPaisa: 10_000, paymentMethod: 'esewa' });
    const retry = await prod.app.inject({
      method: 'POST',
      url: `${API}/payments/${order.id}/retry/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { provider: 'esewa' },
    });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().message).toBe('eSewa is not available. Please choose another payment method.');
  });

  test('with eSewa credentials the live form URL is used and the page may post to it', async () => {
    const live = await buildTestApp({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      ESEWA_SECRET_KEY: 'merchant-secret',
      ESEWA_PRODUCT_CODE: 'PASAL01',
      PUBLIC_URL: 'https://shop.example',
    });
    try {
      const methods = await live.app.inject({ method: 'GET', url: `${API}/payments/methods/` });
      expect(methods.json().methods[1]).toEqual({
        id: 'esewa',
        title: 'eSewa',
        available: true,
        simulated: false,
      });
      expect(methods.headers['content-security-policy']).toContain(
        "form-action 'self' https://epay.esewa.com.np",
      );
      expect(live.app.config.esewa).toEqual({
        productCode: 'PASAL01',
        secretKey: 'merchant-secret',
        formUrl: 'https://epay.esewa.com.np/api/epay/main/v2/form',
        statusUrl: 'https://epay.esewa.com.np',
      });
    } finally {
      await live.close();
    }
  });
});
