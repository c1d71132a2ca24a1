import { type CheckoutResponse, PRICES_CHANGED } from '@pasal/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { flashSales } from '../../db/schema/marketing';
import { orders } from '../../db/schema/orders';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFlashSale, createProduct } from '../../test/factories';
import { call } from '../../test/shopper';
import { body, cartLinesOf, customerWithAddress, order, stockOf } from './checkout-test-helpers';

// Buy now checks out one product and leaves the cart as it was (docs/decisions/046).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('keep_cart (Buy now)', () => {
  test('orders just the line sent and leaves every cart line, the bought product’s too', async () => {
    const me = await customerWithAddress(t.app, t.db);
    const rice = await createProduct(t.db, { title: 'Pokhreli Rice 1 kg', sellingPrice: 15_000 });
    const ghee = await createProduct(t.db, { title: 'Cow Ghee 500 ml', sellingPrice: 60_000 });
    const add = await call(t.app, 'POST', '/cart/add/', {
      as: me,
      payload: {
        cart_products: [
          { product: rice.id, quantity: 3 },
          { product: ghee.id, quantity: 1 },
        ],
      },
    });
    expect(add.statusCode).toBe(200);

    const placed = await order(t.app, me, body(me.addressId, [[rice.id, 2]], { keep_cart: true }));
    expect(placed.statusCode).toBe(201);
    expect(placed.json<CheckoutResponse>().subtotal).toBe(300);
    expect(await stockOf(t.db, rice.id)).toBe(8);
    expect(await cartLinesOf(t.db, me.id)).toEqual(
      [
        { productId: rice.id, quantity: 3 },
        { productId: ghee.id, quantity: 1 },
      ].sort((a, b) => a.productId - b.productId),
    );
  });

  test('without it (the cart checkout) the bought products leave the cart', async () => {
    const me = await customerWithAddress(t.app, t.db);
    const tea = await createProduct(t.db, { title: 'Ilam Tea 250 g' });
    await call(t.app, 'POST', '/cart/add/', {
      as: me,
      payload: { cart_products: [{ product: tea.id, quantity: 1 }] },
    });
    const placed = await order(t.app, me, body(me.addressId, [[tea.id, 1]]));
    expect(placed.statusCode).toBe(201);
    expect(await cartLinesOf(t.db, me.id)).toEqual([]);
  });

  test('a keep_cart that is not a boolean is a 400 with a message', async () => {
    const me = await customerWithAddress(t.app, t.db);
    const tea = await createProduct(t.db, { title: 'Ilam Tea 100 g' });
    const refused = await order(t.app, me, { ...body(me.addressId, [[tea.id, 1]]), keep_cart: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('keep_cart must be true or false');
    expect(await stockOf(t.db, tea.id)).toBe(10);
  });
});

describe('unit_prices: the prices the shopper saw', () => {
  test('a flash sale that ended while the page was open: 409 with the prices now, nothing ordered; then placed at the price shown', async () => {
    const me = await customerWithAddress(t.app, t.db);
    const ghee = await createProduct(t.db, { title: 'Cow Ghee 1 L', sellingPrice: 170_000, stock: 10 });
    const sale = await createFlashSale(t.db, ghee.id, { discountedPrice: 118_000 });
    // The product page showed Rs 1,180; the sale ends before Place Order.
    await t.db
      .update(flashSales)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(flashSales.id, sale.id));

    const refused = await order(
      t.app,
      me,
      body(me.addressId, [[ghee.id, 1]], { keep_cart: true, unit_prices: [1180] }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: PRICES_CHANGED,
      changed: [{ product: ghee.id, price: 1700 }],
    });
    expect(await stockOf(t.db, ghee.id)).toBe(10);
    expect(await t.db.select().from(orders).where(eq(orders.userId, me.id))).toEqual([]);

    const placed = await order(
      t.app,
      me,
      body(me.addressId, [[ghee.id, 1]], { keep_cart: true, unit_prices: [1700] }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<CheckoutResponse>().subtotal).toBe(1700);
  });

  test('one price for each line, each a rupee amount; left out, today’s prices are charged', async () => {
    const me = await customerWithAddress(t.app, t.db);
    const rice = await createProduct(t.db, { sellingPrice: 15_050, stock: 10 });
    const short = await order(t.app, me, body(me.addressId, [[rice.id, 1]], { unit_prices: [] }));
    expect(short.statusCode).toBe(400);
    expect(short.json().error.unit_prices).toEqual(['unit_prices must list one price for each product_id']);
    const odd = await order(t.app, me, body(me.addressId, [[rice.id, 1]], { unit_prices: [150.505] }));
    expect(odd.statusCode).toBe(400);
    const exact = await order(t.app, me, body(me.addressId, [[rice.id, 1]], { unit_prices: [150.5] }));
    expect(exact.statusCode, exact.body).toBe(201);
    const plain = await order(t.app, me, body(me.addressId, [[rice.id, 1]]));
    expect(plain.statusCode).toBe(201);
  });
});
