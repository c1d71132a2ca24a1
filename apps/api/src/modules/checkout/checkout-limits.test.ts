import { cashOrdersWaiting } from '@pasal/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../db/schema/orders';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFlashSale, createOrder, createProduct } from '../../test/factories';
import { call, type Shopper } from '../../test/shopper';
import { body, customerWithAddress, order, ordersOf, stockOf } from './checkout-test-helpers';

// Decision 038: a flash sale's per-customer limit (cart and checkout) and the cap on cash orders
// waiting for delivery. The parallel tests meet at the checkout's per-customer lock on PostgreSQL;
// on PGlite (one connection) they are serialised.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const AT_MOST_5 = 'You can buy at most 5 of this flash sale item.';
const WAITING =
  'You have 3 cash orders awaiting delivery. Please wait for one to arrive before placing another.';

/** A product on a running flash sale (the default limit, 5 per customer). */
async function onSale(title = 'Festival Sweets Box') {
  const product = await createProduct(t.db, { title, stock: 100, sellingPrice: 50_000, markedPrice: 60_000 });
  const sale = await createFlashSale(t.db, product.id, { discountedPrice: 40_000 });
  return { product, sale };
}

function cartChange(as: Shopper, path: 'add' | 'update', productId: number, quantity: number) {
  return call(t.app, 'POST', `/cart/${path}/`, {
    as,
    payload: { cart_products: [{ product: productId, quantity }] },
  });
}

async function cartQuantity(as: Shopper, productId: number): Promise<number | undefined> {
  const cart = (await call(t.app, 'GET', '/cart/', { as })).json().results[0];
  return cart.cart_products.find((line: { product: number }) => line.product === productId)?.quantity;
}

describe('a flash sale’s limit per customer', () => {
  test('the cart holds at most the limit; adding or setting beyond it is refused and changes nothing', async () => {
    const { product } = await onSale();
    const shopper = await customerWithAddress(t.app, t.db);
    const six = await cartChange(shopper, 'add', product.id, 6);
    expect(six.statusCode).toBe(400);
    expect(six.json()).toMatchObject({ message: AT_MOST_5, product: product.id, flash_sale_limit: 5 });
    expect(await cartQuantity(shopper, product.id)).toBeUndefined();

    expect((await cartChange(shopper, 'add', product.id, 4)).statusCode).toBe(200);
    const two = await cartChange(shopper, 'add', product.id, 2);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(AT_MOST_5);
    const set = await cartChange(shopper, 'update', product.id, 6);
    expect(set.statusCode).toBe(400);
    expect(set.json().message).toBe(AT_MOST_5);
    expect(await cartQuantity(shopper, product.id)).toBe(4);
    expect((await cartChange(shopper, 'update', product.id, 5)).statusCode).toBe(200);
  });

  test('what the customer already ordered in the sale counts, in the cart and at checkout; a cancelled order does not', async () => {
    const { product } = await onSale('Sale Ghee 1 L');
    const shopper = await customerWithAddress(t.app, t.db);
    const first = await order(t.app, shopper, body(shopper.addressId, [[product.id, 3]]));
    expect(first.statusCode, first.body).toBe(201);

    const cartThree = await cartChange(shopper, 'add', product.id, 3);
    expect(cartThree.statusCode).toBe(400);
    expect(cartThree.json().message).toBe(`${AT_MOST_5} You have already ordered 3.`);
    expect((await cartChange(shopper, 'add', product.id, 2)).statusCode).toBe(200);

    const again = await order(t.app, shopper, body(shopper.addressId, [[product.id, 3]]));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: `Sale Ghee 1 L: ${AT_MOST_5} You have already ordered 3.`,
      msg: `Sale Ghee 1 L: ${AT_MOST_5} You have already ordered 3.`,
      product: product.id,
      flash_sale_limit: 5,
    });
    expect(await ordersOf(t.db, shopper.id)).toHaveLength(1);
    expect(await stockOf(t.db, product.id)).toBe(97);

    // Cancelled: those 3 count no longer.
    await t.db.update(orders).set({ orderStatus: 'Cancelled' }).where(eq(orders.id, first.json().order_id));
    const after = await order(t.app, shopper, body(shopper.addressId, [[product.id, 5]]));
    expect(after.statusCode, after.body).toBe(201);
  });

  test('orders placed before the sale started do not count, nor do other customers’ orders', async () => {
    const { product, sale } = await onSale('Sale Rice 5 kg');
    const shopper = await customerWithAddress(t.app, t.db);
    const other = await customerWithAddress(t.app, t.db);
    await createOrder(t.db, {
      userId: shopper.id,
      totalPaisa: 250_000,
      orderStatus: 'Delivered',
      createdAt: new Date(sale.startsAt.getTime() - HOUR),
      lines: [{ productId: product.id, quantity: 5, unitPaisa: 50_000 }],
    });
    expect((await order(t.app, other, body(other.addressId, [[product.id, 5]]))).statusCode).toBe(201);
    const mine = await order(t.app, shopper, body(shopper.addressId, [[product.id, 5]]));
    expect(mine.statusCode, mine.body).toBe(201);
  });

  test('a product without a running sale has no such limit', async () => {
    const product = await createProduct(t.db, { stock: 100 });
    await createFlashSale(t.db, product.id, {
      startsAt: new Date(Date.now() + HOUR),
      endsAt: new Date(Date.now() + 2 * HOUR),
    });
    const shopper = await customerWithAddress(t.app, t.db);
    expect((await cartChange(shopper, 'add', product.id, 20)).statusCode).toBe(200);
    expect((await order(t.app, shopper, body(shopper.addressId, [[product.id, 20]]))).statusCode).toBe(201);
  });

  test('one customer sending three checkouts of 3 at once gets one order: the limit holds in parallel', async () => {
    const { product } = await onSale('Sale Dashain Hamper');
    const shopper = await customerWithAddress(t.app, t.db);
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        order(t.app, shopper, body(shopper.addressId, [[product.id, 3]]), `flash-race-${shopper.id}-${i}`),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400))
      expect(answer.json().msg).toBe(`Sale Dashain Hamper: ${AT_MOST_5} You have already ordered 3.`);
    expect(await ordersOf(t.db, shopper.id)).toHaveLength(1);
    expect(await stockOf(t.db, product.id)).toBe(97);
  });
});

describe('cash orders awaiting delivery', () => {
  test('a fourth open cash order is refused; a delivered or cancelled one frees a place', async () => {
    const product = await createProduct(t.db, { stock: 100 });
    const shopper = await customerWithAddress(t.app, t.db);
    const placed = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await order(t.app, shopper, body(shopper.addressId, [[product.id, 1]]));
      expect(answer.statusCode, answer.body).toBe(201);
      placed.push(answer.json().order_id as number);
    }
    const fourth = await order(t.app, shopper, body(shopper.addressId, [[product.id, 1]]));
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toMatchObject({ message: WAITING, msg: WAITING });
    expect(WAITING).toBe(cashOrdersWaiting(3));
    expect(await ordersOf(t.db, shopper.id)).toHaveLength(3);
    expect(await stockOf(t.db, product.id)).toBe(97);

    await t.db
      .update(orders)
      .set({ orderStatus: 'Delivered', paymentStatus: 'Paid', paymentCompleted: true })
      .where(eq(orders.id, placed[0]));
    expect((await order(t.app, shopper, body(shopper.addressId, [[product.id, 1]]))).statusCode).toBe(201);
    expect((await order(t.app, shopper, body(shopper.addressId, [[product.id, 1]]))).statusCode).toBe(400);
    await t.db.update(orders).set({ orderStatus: 'Cancelled' }).where(eq(orders.id, placed[1]));
    expect((await order(t.app, shopper, body(shopper.addressId, [[product.id, 1]]))).statusCode).toBe(201);
  });

  test('other customers’ orders and orders paid online do not count', async () => {
    const product = await createProduct(t.db, { stock: 100 });
    const shopper = await customerWithAddress(t.app, t.db);
    const other = await customerWithAddress(t.app, t.db);
    for (let i = 0; i < 3; i += 1) await createOrder(t.db, { userId: other.id, totalPaisa: 10_000 });
    for (let i = 0; i < 3; i += 1)
      await createOrder(t.db, { userId: shopper.id, totalPaisa: 10_000, paymentMethod: 'esewa' });
    expect((await order(t.app, shopper, body(shopper.addressId, [[product.id, 1]]))).statusCode).toBe(201);
  });

  test('one customer with two open cash orders sending three at once gets exactly one more', async () => {
    const product = await createProduct(t.db, { stock: 100 });
    const shopper = await customerWithAddress(t.app, t.db);
    for (let i = 0; i < 2; i += 1) await createOrder(t.db, { userId: shopper.id, totalPaisa: 10_000 });
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        order(t.app, shopper, body(shopper.addressId, [[product.id, 1]]), `cash-race-${shopper.id}-${i}`),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) expect(answer.json().msg).toBe(WAITING);
    expect(await ordersOf(t.db, shopper.id)).toHaveLength(3);
    expect(await stockOf(t.db, product.id)).toBe(99);
  });
});

describe('MAX_OPEN_CASH_ORDERS', () => {
  test('sets the cap, and 0 lifts it', async () => {
    for (const [value, allowed] of [
      ['1', 1],
      ['0', 5],
    ] as const) {
      const app = await buildTestApp({ MAX_OPEN_CASH_ORDERS: value });
      try {
        await seedLocations(app.db);
        const product = await createProduct(app.db, { stock: 100 });
        const shopper = await customerWithAddress(app.app, app.db);
        const codes = [];
        for (let i = 0; i < 5; i += 1)
          codes.push((await order(app.app, shopper, body(shopper.addressId, [[product.id, 1]]))).statusCode);
        expect(codes.filter((code) => code === 201)).toHaveLength(allowed);
        if (value === '1') {
          const refused = await order(app.app, shopper, body(shopper.addressId, [[product.id, 1]]));
          expect(refused.json().msg).toBe(
            'You have 1 cash order awaiting delivery. Please wait for one to arrive before placing another.',
          );
        }
      } finally {
        await app.close();
      }
    }
  });
});
