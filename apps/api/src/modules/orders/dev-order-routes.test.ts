import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct, createStaff } from '../../test/factories';
import { call } from '../../test/shopper';
import { body, customerWithAddress, order, stockOf } from '../checkout/checkout-test-helpers';

const move = (t: TestApp, id: number, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/dev/orders/${id}/status`, payload: payload as object });

describe('outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedLocations(t.db);
    await createStaff(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function placed(method: 'cash' | 'esewa' = 'cash') {
    const me = await customerWithAddress(t.app, t.db);
    const product = await createProduct(t.db, { stock: 5 });
    const res = await order(t.app, me, body(me.addressId, [[product.id, 2]], { payment_method: method }));
    expect(res.statusCode, res.body).toBe(201);
    return { me, product, id: res.json().order_id as number };
  }

  test('walks a cash order to Delivered step by step; it is paid and its product can be reviewed', async () => {
    const { me, product, id } = await placed();
    const res = await move(t, id, { status: 'Delivered' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id,
      order_status: 'Delivered',
      payment_status: 'Paid',
      steps: ['Packed', 'Out for Delivery', 'Delivered'],
    });
    const detail = (await call(t.app, 'GET', `/order/${id}/`, { as: me })).json();
    expect(detail.history.map((h: { status: string }) => h.status)).toEqual([
      'Order Processing',
      'Packed',
      'Out for Delivery',
      'Delivered',
    ]);
    expect(detail.history.slice(1).every((h: { by: string }) => h.by === 'staff')).toBe(true);
    const review = await call(t.app, 'POST', `/product/${product.id}/review/`, {
      as: me,
      payload: { rating: 4, review: 'Fresh' },
    });
    expect(review.statusCode, review.body).toBe(201);
  });

  test('cancels with a reason (stock back) and refuses without one or past the last step', async () => {
    const { product, id } = await placed();
    expect(await stockOf(t.db, product.id)).toBe(3);
    expect((await move(t, id, { status: 'Cancelled' })).statusCode).toBe(400);
    const res = await move(t, id, { status: 'Cancelled', reason: 'Out of reach' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_status).toBe('Cancelled');
    expect(await stockOf(t.db, product.id)).toBe(5);
    const again = await move(t, id, { status: 'Delivered' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Cancelled');
  });

  test('an unpaid online order is not sent out; unknown orders and statuses are refused', async () => {
    const { id } = await placed('esewa');
    const res = await move(t, id, { status: 'Packed' });
    expect(res.statusCode).toBe(409);
    expect((await move(t, 999_999, { status: 'Packed' })).statusCode).toBe(404);
    expect((await move(t, id, { status: 'Shipped' })).statusCode).toBe(400);
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await t.close();
  });

  test('the route does not exist', async () => {
    const res = await move(t, 1, { status: 'Delivered' });
    expect(res.statusCode).toBe(404);
  });
});
