import type { CancellationList, DeliveredProduct, OrderList } from '@pasal/contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../db/schema/orders';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createDeliveredOrder, createOrder, createProduct, createVoucher } from '../../test/factories';
import { call, type Shopper } from '../../test/shopper';
import { body, customerWithAddress, order, stockOf, usesOf } from '../checkout/checkout-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
});
afterAll(async () => {
  await t.close();
});

const customer = () => customerWithAddress(t.app, t.db);
const get = (as: Shopper, path: string) => call(t.app, 'GET', path, { as });
const cancel = (as: Shopper, id: number | string, payload: unknown = { reason: 'Changed my mind' }) =>
  call(t.app, 'POST', `/order/cancel/${id}/`, { as, payload });

async function statusOf(id: number) {
  const [row] = await t.db.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, id));
  return row.status;
}

describe('my orders', () => {
  test('pages of 10, newest first, with links; nobody else’s orders', async () => {
    const me = await customer();
    const other = await customer();
    const start = Date.now() - 3_600_000;
    const mine = [];
    for (let i = 0; i < 12; i += 1)
      mine.push(
        await createOrder(t.db, {
          userId: me.id,
          totalPaisa: 10_000 + i,
          createdAt: new Date(start + i * 1000),
        }),
      );
    await createOrder(t.db, { userId: other.id, totalPaisa: 99_900 });

    const first = await get(me, '/order/list/');
    expect(first.statusCode).toBe(200);
    const page1 = first.json<OrderList>();
    expect(page1).toMatchObject({
      count: 12,
      page_size: 10,
      links: { next: '/api/ecommerce/order/list/?page=2', previous: null },
    });
    expect(page1.results.map((o) => o.id)).toEqual(
      mine
        .slice(2)
        .reverse()
        .map((o) => o.id),
    );
    const page2 = (await get(me, '/order/list/?page=2')).json<OrderList>();
    expect(page2.links).toEqual({ next: null, previous: '/api/ecommerce/order/list/?page=1' });
    expect(page2.results.map((o) => o.id)).toEqual([mine[1].id, mine[0].id]);
    expect((await get(me, '/order/list/?page=3')).json<OrderList>().results).toEqual([]);
    for (const bad of ['0', 'abc', '-1', '1.5'])
      expect((await get(me, `/order/list/?page=${bad}`)).statusCode).toBe(400);
    expect((await get(other, '/order/list/')).json<OrderList>().count).toBe(1);
  });

  test('someone else’s order is not found, to read or to cancel; a bad id is a 400', async () => {
    const me = await customer();
    const other = await customer();
    const product = await createProduct(t.db);
    const theirs = (await order(t.app, other, body(other.addressId, [[product.id, 2]]))).json().order_id;
    const read = await get(me, `/order/${theirs}/`);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('Order not found.');
    expect((await get(me, '/order/999999999/')).statusCode).toBe(404);
    expect((await get(me, '/order/abc/')).statusCode).toBe(400);
    const cancelled = await cancel(me, theirs);
    expect(cancelled.statusCode).toBe(404);
    expect(await statusOf(theirs)).toBe('Order Processing');
    expect(await stockOf(t.db, product.id)).toBe(8);
    expect((await get(other, `/order/${theirs}/`)).statusCode).toBe(200);
  });

  test('a visitor gets 401 from every order route', async () => {
    for (const [method, path] of [
      ['GET', '/order/list/'],
      ['GET', '/order/1/'],
      ['POST', '/order/cancel/1/'],
      ['GET', '/list/order/cancellation/'],
      ['GET', '/list/ordered/products/'],
      ['GET', '/list/ratable/products/'],
    ] as const) {
      const response = await call(t.app, method, path, {
        payload: method === 'POST' ? { reason: 'x' } : undefined,
      });
      expect(response.statusCode, path).toBe(401);
    }
  });
});

describe('cancelling', () => {
  test('gives back the stock and the promo use, so the last use is free again', async () => {
    const me = await customer();
    const next = await customer();
    const product = await createProduct(t.db, { stock: 4 });
    const code = await createVoucher(t.db, { usageLimit: 1 });
    const placed = await order(t.app, me, body(me.addressId, [[product.id, 3]], { voucher_code: code.code }));
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(t.db, product.id)).toBe(1);
    expect(await usesOf(t.db, code.id)).toBe(1);
    const blocked = await order(
      t.app,
      next,
      body(next.addressId, [[product.id, 1]], { voucher_code: code.code }),
    );
    expect(blocked.json().msg).toBe('This promo code has reached its usage limit.');

    const response = await cancel(me, placed.json().order_id, { reason: '  Delivery is too late  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().order.cancellation).toMatchObject({
      remarks: 'Delivery is too late',
      by: 'customer',
    });
    expect(await stockOf(t.db, product.id)).toBe(4);
    expect(await usesOf(t.db, code.id)).toBe(0);
    const now = await order(
      t.app,
      next,
      body(next.addressId, [[product.id, 4]], { voucher_code: code.code }),
    );
    expect(now.statusCode).toBe(201);
    expect(await stockOf(t.db, product.id)).toBe(0);
  });

  test('only in Order Processing, with exactly the spec’s sentence; nothing changes otherwise', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    for (const status of ['Packed', 'Out for Delivery', 'Delivered', 'Cancelled'] as const) {
      const row = await createOrder(t.db, {
        userId: me.id,
        totalPaisa: 1000,
        orderStatus: status,
        lines: [{ productId: product.id, quantity: 2, unitPaisa: 500 }],
      });
      const response = await cancel(me, row.id);
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toMatchObject({
        message: 'Only orders in "Order Processing" status can be cancelled.',
        msg: 'Only orders in "Order Processing" status can be cancelled.',
        order_status: status,
      });
      expect(await statusOf(row.id)).toBe(status);
    }
    expect(await stockOf(t.db, product.id)).toBe(10);
  });

  test('a reason is required and bounded; unknown fields are refused', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    const id = (await order(t.app, me, body(me.addressId, [[product.id, 1]]))).json().order_id;
    for (const [payload, message] of [
      [{}, 'reason: Please give a reason'],
      [{ reason: '   ' }, 'reason: Please give a reason'],
      [{ reason: 'x'.repeat(501) }, 'reason: The reason must be at most 500 characters'],
      [{ reason: 'ok', refund: true }, 'Unknown field: refund'],
    ] as const) {
      const response = await cancel(me, id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await statusOf(id)).toBe('Order Processing');
    expect(await stockOf(t.db, product.id)).toBe(9);
  });

  test('my cancelled orders, most recent first, nobody else’s', async () => {
    const me = await customer();
    const other = await customer();
    const product = await createProduct(t.db);
    const ids = [];
    for (const reason of ['First reason', 'Second reason']) {
      const id = (await order(t.app, me, body(me.addressId, [[product.id, 1]]))).json().order_id;
      expect((await cancel(me, id, { reason })).statusCode).toBe(200);
      ids.push(id);
    }
    const theirs = (await order(t.app, other, body(other.addressId, [[product.id, 1]]))).json().order_id;
    await cancel(other, theirs);
    const list = (await get(me, '/list/order/cancellation/')).json<CancellationList>();
    expect(list).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.results.map((c) => [c.order.id, c.remarks, c.cancelled_by])).toEqual([
      [ids[1], 'Second reason', 'customer'],
      [ids[0], 'First reason', 'customer'],
    ]);
    expect(list.results[0]).toMatchObject({
      id: expect.any(Number),
      created_on: expect.any(String),
      order: {
        total: 230,
        payment_method: 'cash',
        payment_status: 'Unpaid',
        tracking_id: expect.any(String),
      },
    });
  });
});

describe('delivered products', () => {
  test('one entry per delivered product, newest purchase first, with the prices paid; not undelivered or others’', async () => {
    const me = await customer();
    const other = await customer();
    const ghee = await createProduct(t.db, {
      title: 'Cow Ghee',
      shortDescription: 'Pure ghee',
      markedPrice: 120_000,
      sellingPrice: 99_900,
    });
    const salt = await createProduct(t.db, { title: 'Iodised Salt' });
    const pending = await createProduct(t.db, { title: 'Not Yet Delivered' });
    const hour = 3_600_000;
    await createDeliveredOrder(t.db, me.id, [{ product: ghee }], {
      createdAt: new Date(Date.now() - 3 * hour),
    });
    await createDeliveredOrder(t.db, me.id, [{ product: salt, quantity: 2 }], {
      createdAt: new Date(Date.now() - 2 * hour),
    });
    const latestGhee = await createDeliveredOrder(t.db, me.id, [{ product: ghee, quantity: 3 }], {
      createdAt: new Date(Date.now() - hour),
    });
    await createOrder(t.db, {
      userId: me.id,
      totalPaisa: 1000,
      lines: [{ productId: pending.id, quantity: 1, unitPaisa: 1000 }],
    });
    await createDeliveredOrder(t.db, other.id, [{ product: pending }]);

    const response = await get(me, '/list/ordered/products/');
    expect(response.statusCode).toBe(200);
    const list = response.json<DeliveredProduct[]>();
    expect(list.map((p) => p.title)).toEqual(['Cow Ghee', 'Iodised Salt']);
    expect(list[0]).toEqual({
      id: ghee.id,
      slug: ghee.slug,
      title: 'Cow Ghee',
      short_description: 'Pure ghee',
      selling_price: 999,
      marked_price: 1200,
      created_on: latestGhee.createdAt.toISOString(),
      primary_image: {
        image: `/media/products/${ghee.slug}.webp`,
        thumbnail_image: `/media/products/${ghee.slug}-thumb.webp`,
      },
      order_id: latestGhee.id,
      quantity: 3,
      reviewed: false,
    });

    const ratable = await get(me, '/list/ratable/products/');
    expect(ratable.json().results.map((p: DeliveredProduct) => p.id)).toEqual([ghee.id, salt.id]);
    expect(
      (
        await call(t.app, 'POST', `/product/${ghee.id}/review/`, {
          as: me,
          payload: { rating: 4, review: 'Good' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await get(me, '/list/ordered/products/')).json<DeliveredProduct[]>().map((p) => p.reviewed),
    ).toEqual([true, false]);
    expect(
      (await get(me, '/list/ratable/products/')).json().results.map((p: DeliveredProduct) => p.id),
    ).toEqual([salt.id]);
  });

  test('nothing delivered: empty lists', async () => {
    const me = await customer();
    expect((await get(me, '/list/ordered/products/')).json()).toEqual([]);
    expect((await get(me, '/list/ratable/products/')).json()).toEqual({ results: [] });
    expect((await get(me, '/list/order/cancellation/')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });
});
