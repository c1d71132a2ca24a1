import type { CheckoutResponse } from '@pasal/contract/checkout';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct } from '../../test/factories';
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
