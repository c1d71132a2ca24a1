import type { BuyAgainResponse, OrderDetail } from '@pasal/contract/orders';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { addCartLine, createFlashSale, createOrder, createProduct } from '../../test/factories';
import { call, type Shopper } from '../../test/shopper';
import { body, cartLinesOf, customerWithAddress, order } from '../checkout/checkout-test-helpers';

// The order page (docs/decisions/047): who delivers, and Buy again.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
});
afterAll(async () => {
  await t.close();
});

const customer = () => customerWithAddress(t.app, t.db);
const again = (as: Shopper, id: number) => call(t.app, 'POST', `/order/${id}/buy-again/`, { as });

describe('the order page', () => {
  test('names the station that delivers and the timeline with times', async () => {
    const me = await customer();
    const tea = await createProduct(t.db, { title: 'Ilam Tea 500 g' });
    const placed = await order(t.app, me, body(me.addressId, [[tea.id, 1]]));
    expect(placed.statusCode).toBe(201);
    const id = placed.json<{ order_id: number }>().order_id;
    const detail = (await call(t.app, 'GET', `/order/${id}/`, { as: me })).json<OrderDetail>();
    expect(detail.delivery_station).toEqual(expect.any(String));
    expect(detail.delivery_station).not.toBe('');
    expect(detail.history).toEqual([
      {
        status: 'Order Processing',
        at: expect.any(String),
        by: 'customer',
        reason: null,
        not_delivered_reason: null,
        cancel_reason: null,
      },
    ]);
  });

  test('another customer’s order is a 404 on the page and on Buy again, and their cart stays empty', async () => {
    const owner = await customer();
    const other = await customer();
    const tea = await createProduct(t.db);
    const mine = await createOrder(t.db, {
      userId: owner.id,
      totalPaisa: 18_000,
      lines: [{ productId: tea.id, quantity: 1, unitPaisa: 18_000 }],
    });
    expect((await call(t.app, 'GET', `/order/${mine.id}/`, { as: other })).statusCode).toBe(404);
    const refused = await again(other, mine.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Order not found.');
    expect(await cartLinesOf(t.db, other.id)).toEqual([]);
  });
});

describe('Buy again', () => {
  test('adds what is in stock, lowers a quantity to the stock, and names what is not sold', async () => {
    const me = await customer();
    const rice = await createProduct(t.db, { title: 'Basmati Rice 5 kg', stock: 10 });
    const dal = await createProduct(t.db, { title: 'Masoor Dal 1 kg', stock: 2 });
    const gone = await createProduct(t.db, { title: 'Old Biscuits', stock: 0 });
    const withdrawn = await createProduct(t.db, { title: 'Cola 2 L', isActive: false });
    await addCartLine(t.db, me.id, rice.id, 1);
    const past = await createOrder(t.db, {
      userId: me.id,
      totalPaisa: 100_000,
      orderStatus: 'Delivered',
      lines: [
        { productId: rice.id, quantity: 2, unitPaisa: 18_000, title: 'Basmati Rice 5 kg' },
        { productId: dal.id, quantity: 5, unitPaisa: 18_000, title: 'Masoor Dal 1 kg' },
        { productId: gone.id, quantity: 1, unitPaisa: 18_000, title: 'Old Biscuits' },
        { productId: withdrawn.id, quantity: 1, unitPaisa: 18_000, title: 'Cola 2 L' },
      ],
    });

    const response = await again(me, past.id);
    expect(response.statusCode).toBe(200);
    const answer = response.json<BuyAgainResponse>();
    expect(answer.added).toEqual([
      { product_id: rice.id, title: 'Basmati Rice 5 kg', quantity: 2 },
      { product_id: dal.id, title: 'Masoor Dal 1 kg', quantity: 2 },
    ]);
    expect(answer.unavailable).toEqual([
      { product_id: gone.id, title: 'Old Biscuits', message: 'Old Biscuits is out of stock.' },
      { product_id: withdrawn.id, title: 'Cola 2 L', message: 'Cola 2 L is no longer available.' },
    ]);
    expect(answer.message).toBe('Added 2 items to your cart; 2 could not be added.');
    expect(await cartLinesOf(t.db, me.id)).toEqual(
      [
        { productId: rice.id, quantity: 3 },
        { productId: dal.id, quantity: 2 },
      ].sort((a, b) => a.productId - b.productId),
    );
    expect(answer.cart.cart_products.map((l) => [l.product, l.quantity])).toEqual([
      [rice.id, 3],
      [dal.id, 2],
    ]);
  });

  test('a flash sale’s limit lowers a line to what the customer may still buy in it; a used-up one is named', async () => {
    const me = await customer();
    const ghee = await createProduct(t.db, { title: 'Cow Ghee 1 L', stock: 100, sellingPrice: 120_000 });
    const oil = await createProduct(t.db, { title: 'Mustard Oil 1 L', stock: 100, sellingPrice: 40_000 });
    await createFlashSale(t.db, ghee.id, { discountedPrice: 99_000, perCustomerLimit: 5 });
    await createFlashSale(t.db, oil.id, { discountedPrice: 30_000, perCustomerLimit: 2 });
    const first = await order(
      t.app,
      me,
      body(me.addressId, [
        [ghee.id, 3],
        [oil.id, 2],
      ]),
    );
    expect(first.statusCode, first.body).toBe(201);
    await addCartLine(t.db, me.id, ghee.id, 1);

    const answer = (await again(me, first.json().order_id)).json<BuyAgainResponse>();
    // 3 bought in the sale, 1 in the cart, limit 5: one more.
    expect(answer.added).toEqual([{ product_id: ghee.id, title: 'Cow Ghee 1 L', quantity: 1 }]);
    expect(answer.unavailable).toEqual([
      {
        product_id: oil.id,
        title: 'Mustard Oil 1 L',
        message: 'You can buy at most 2 of this flash sale item. You have already ordered 2.',
      },
    ]);
    expect(await cartLinesOf(t.db, me.id)).toEqual([{ productId: ghee.id, quantity: 2 }]);
  });

  test('nothing in stock: says so and leaves the cart empty', async () => {
    const me = await customer();
    const gone = await createProduct(t.db, { title: 'Sold Out Ghee', stock: 0 });
    const past = await createOrder(t.db, {
      userId: me.id,
      totalPaisa: 18_000,
      lines: [{ productId: gone.id, quantity: 1, unitPaisa: 18_000, title: 'Sold Out Ghee' }],
    });
    const answer = (await again(me, past.id)).json<BuyAgainResponse>();
    expect(answer.added).toEqual([]);
    expect(answer.message).toBe('Nothing from this order could be added to your cart.');
    expect(await cartLinesOf(t.db, me.id)).toEqual([]);
  });
});
