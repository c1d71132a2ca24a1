import type { CheckoutResponse } from '@pasal/contract/checkout';
import type { PaymentStart } from '@pasal/contract/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, payments } from '../../db/schema/orders';
import { seedLocations } from '../../seed/locations';
import { createProduct, createVoucher } from '../../test/factories';
import { call } from '../../test/shopper';
import {
  atWallet,
  type PaymentsTestApp,
  startPaymentsTestApp,
  visit,
} from '../payments/payments-test-helpers';
import { body, customerWithAddress, order, ordersOf, stockOf } from './checkout-test-helpers';

// Checkout with eSewa or Khalti against the wallet simulators, over real HTTP (as the payments
// tests do): the order is written Pending, the payment started after the commit, and the answer
// says where the browser goes.

let t: PaymentsTestApp;
beforeAll(async () => {
  t = await startPaymentsTestApp();
  await seedLocations(t.db);
});
afterAll(async () => {
  await t.close();
});

const customer = () => customerWithAddress(t.app, t.db);

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

function walletStep(answer: CheckoutResponse): PaymentStart['next'] {
  if (!answer.payment) throw new Error(`no payment in ${JSON.stringify(answer)}`);
  return answer.payment.next;
}

describe('checkout with a wallet', () => {
  test('eSewa: a Pending order and the signed form; paying makes it Paid', async () => {
    const me = await customer();
    const product = await createProduct(t.db, { sellingPrice: 45_050 });
    const placed = await order(t.app, me, body(me.addressId, [[product.id, 2]], { payment_method: 'esewa' }));
    expect(placed.statusCode).toBe(201);
    const answer = placed.json<CheckoutResponse>();
    expect(answer).toMatchObject({
      total_amount: 951,
      payment_method: 'esewa',
      payment_status: 'Pending',
      payment: {
        provider: 'esewa',
        reference: expect.stringMatching(new RegExp(`^PSL-${answer.order_id}-1-`)),
        next: {
          type: 'form',
          method: 'POST',
          url: `${t.baseUrl}/dev/esewa/api/epay/main/v2/form`,
          fields: { total_amount: '951', product_code: 'EPAYTEST' },
        },
      },
    });
    expect(await stockOf(t.db, product.id)).toBe(8);
    expect(await orderRow(answer.order_id)).toMatchObject({
      paymentStatus: 'Pending',
      paymentMethod: 'esewa',
    });

    const wallet = await atWallet(walletStep(answer), 'pay');
    const back = await visit(wallet.returnUrl!);
    expect(back.status).toBe(303);
    expect(back.location).toContain(`/payment/return?order=${answer.order_id}&status=paid`);
    const listed = await call(t.app, 'GET', '/order/list/', { as: me });
    expect(listed.json().results[0]).toMatchObject({
      id: answer.order_id,
      payment_status: 'Paid',
      payment_completed: true,
      can_pay: false,
    });
  });

  test('Khalti: the payment_url to open; the lookup confirms it', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    const placed = await order(
      t.app,
      me,
      body(me.addressId, [[product.id, 1]], { payment_method: 'khalti' }),
    );
    const answer = placed.json<CheckoutResponse>();
    expect(answer.payment?.next).toEqual({
      type: 'redirect',
      url: expect.stringMatching(new RegExp(`^${t.baseUrl}/dev/khalti/pay/\\?pidx=`)),
    });
    const wallet = await atWallet(walletStep(answer), 'pay');
    expect((await visit(wallet.returnUrl!)).location).toContain('status=paid');
    expect((await orderRow(answer.order_id)).paymentStatus).toBe('Paid');
  });

  test('Khalti under Rs 10 is refused before any order is written', async () => {
    const me = await customer();
    const product = await createProduct(t.db, { sellingPrice: 150_000, stock: 5 });
    // Rs 1,500 is free to deliver; Rs 1,495 off leaves Rs 5 to pay.
    const code = await createVoucher(t.db, { voucherType: 'Amount', discountAmount: 149_500 });
    const placed = await order(
      t.app,
      me,
      body(me.addressId, [[product.id, 1]], { payment_method: 'khalti', voucher_code: code.code }),
    );
    expect(placed.statusCode).toBe(400);
    expect(placed.json().msg).toBe(
      'Khalti accepts payments of Rs 10 or more. Please choose another payment method.',
    );
    expect(await stockOf(t.db, product.id)).toBe(5);
    expect(await ordersOf(t.db, me.id)).toEqual([]);
    const cash = await order(t.app, me, body(me.addressId, [[product.id, 1]], { voucher_code: code.code }));
    expect(cash.json()).toMatchObject({ total_amount: 5, delivery_charge: 0, discount: 1495 });
  });

  test('a promo code that leaves nothing to pay is refused with a wallet, and placed with cash', async () => {
    const me = await customer();
    const product = await createProduct(t.db, { sellingPrice: 200_000, markedPrice: 200_000, stock: 5 });
    // Rs 2,000 is free to deliver, and Rs 5,000 off is capped at the subtotal: Rs 0 to pay.
    const code = await createVoucher(t.db, { voucherType: 'Amount', discountAmount: 500_000 });
    for (const wallet of ['esewa', 'khalti'] as const) {
      const placed = await order(
        t.app,
        me,
        body(me.addressId, [[product.id, 1]], { payment_method: wallet, voucher_code: code.code }),
      );
      expect(placed.statusCode, wallet).toBe(400);
      expect(placed.json().msg).toBe('This order has nothing to pay online. Please choose Cash on Delivery.');
    }
    expect(await ordersOf(t.db, me.id)).toEqual([]);
    const cash = await order(t.app, me, body(me.addressId, [[product.id, 1]], { voucher_code: code.code }));
    expect(cash.statusCode).toBe(201);
    expect(cash.json()).toMatchObject({ total_amount: 0, delivery_charge: 0, discount: 2000 });
  });

  test('the same key twice at once: one order, one payment attempt, identical answers', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    const payload = body(me.addressId, [[product.id, 1]], { payment_method: 'esewa' });
    const answers = await Promise.all([
      order(t.app, me, payload, 'pay-once'),
      order(t.app, me, payload, 'pay-once'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[1].json()).toEqual(answers[0].json());
    const [row] = await ordersOf(t.db, me.id);
    const attempts = await t.db.select().from(payments).where(eq(payments.orderId, row.id));
    expect(attempts).toHaveLength(1);
    expect(answers[0].json().payment.reference).toBe(attempts[0].reference);
  });

  test('a paid online order cancelled by its customer is flagged for refund', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    const answer = (
      await order(t.app, me, body(me.addressId, [[product.id, 3]], { payment_method: 'khalti' }))
    ).json<CheckoutResponse>();
    const wallet = await atWallet(walletStep(answer), 'pay');
    await visit(wallet.returnUrl!);
    const cancelled = await call(t.app, 'POST', `/order/cancel/${answer.order_id}/`, {
      as: me,
      payload: { reason: 'Found it cheaper nearby' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({
      order_status: 'Cancelled',
      payment_status: 'Refund due',
      payment_completed: true,
    });
    const [attempt] = await t.db.select().from(payments).where(eq(payments.orderId, answer.order_id));
    expect(attempt).toMatchObject({ status: 'completed', refundDue: true });
    expect(await stockOf(t.db, product.id)).toBe(10);
  });
});

describe('when a wallet cannot be used', () => {
  test('a wallet that cannot be reached: the order stands, Unpaid, with payment_error; a retry replays it', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    const saved = t.app.config.khalti;
    // Real credentials pointing at a port nobody listens on: the initiate call fails at once.
    t.app.config.khalti = { secretKey: 'test-key', baseUrl: 'http://127.0.0.1:9/api/v2' };
    try {
      const payload = body(me.addressId, [[product.id, 1]], { payment_method: 'khalti' });
      const placed = await order(t.app, me, payload, 'khalti-down');
      expect(placed.statusCode).toBe(201);
      expect(placed.json()).toMatchObject({
        payment_method: 'khalti',
        payment_status: 'Unpaid',
        payment: null,
        payment_error: 'Khalti could not be reached. Please try again or choose another payment method.',
      });
      expect(await stockOf(t.db, product.id)).toBe(9);
      const again = await order(t.app, me, payload, 'khalti-down');
      expect(again.json()).toEqual(placed.json());
      expect(await ordersOf(t.db, me.id)).toHaveLength(1);
      const listed = await call(t.app, 'GET', '/order/list/', { as: me });
      expect(listed.json().results[0]).toMatchObject({ payment_status: 'Unpaid', can_pay: true });
    } finally {
      t.app.config.khalti = saved;
    }
  });

  test('a wallet that is off (production without credentials) is refused before any order is written', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    const env = t.app.config.env;
    t.app.config.env = 'production';
    try {
      const refused = await order(
        t.app,
        me,
        body(me.addressId, [[product.id, 1]], { payment_method: 'esewa' }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('eSewa is not available. Please choose another payment method.');
    } finally {
      t.app.config.env = env;
    }
    expect(await ordersOf(t.db, me.id)).toEqual([]);
    expect(await stockOf(t.db, product.id)).toBe(10);
  });
});

describe('wallet returns answer a client that asks for JSON', () => {
  test('Accept: application/json gets 200 with the result; a browser gets the 303', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    const answer = (
      await order(t.app, me, body(me.addressId, [[product.id, 1]], { payment_method: 'esewa' }))
    ).json<CheckoutResponse>();
    const wallet = await atWallet(walletStep(answer), 'pay');
    const returnUrl = new URL(wallet.returnUrl!);

    const asClient = await t.app.inject({
      method: 'GET',
      url: `${returnUrl.pathname}${returnUrl.search}`,
      headers: { accept: 'application/json' },
    });
    expect(asClient.statusCode).toBe(200);
    expect(asClient.headers.vary).toContain('Accept');
    expect(asClient.json()).toEqual({
      order_id: answer.order_id,
      result: 'paid',
      payment_status: 'Paid',
      redirect: `/payment/return?order=${answer.order_id}&status=paid`,
    });

    const asBrowser = await t.app.inject({
      method: 'GET',
      url: `${returnUrl.pathname}${returnUrl.search}`,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(asBrowser.statusCode).toBe(303);
    expect(asBrowser.headers.location).toBe(`/payment/return?order=${answer.order_id}&status=paid`);
  });

  test('a forged return asked for as JSON says error and names no order', async () => {
    for (const path of [
      '/api/ecommerce/payments/esewa/return?data=bm90LWpzb24=',
      '/api/ecommerce/payments/khalti/return?pidx=nope',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { accept: 'application/json' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        order_id: null,
        result: 'error',
        payment_status: null,
        redirect: '/payment/return?status=error',
      });
    }
  });
});
