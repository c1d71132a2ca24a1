import type { Cart, CartList, CartResponse } from '@pasal/contract/cart';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { productImages, products } from '../../db/schema/catalogue';
import { flashSales } from '../../db/schema/marketing';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCategory, createFlashSale, createProduct } from '../../test/factories';
import { call, newShopper, type Shopper } from '../../test/shopper';

let t: TestApp;
let alice: Shopper;
let bob: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await newShopper(t.app, t.db);
  bob = await newShopper(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

async function readCart(as: Shopper): Promise<Cart> {
  const response = await call(t.app, 'GET', '/cart/', { as });
  expect(response.statusCode).toBe(200);
  const body = response.json<CartList>();
  expect(body.results).toHaveLength(1);
  return body.results[0];
}

const add = (as: Shopper, payload: unknown) => call(t.app, 'POST', '/cart/add/', { as, payload });
const update = (as: Shopper, payload: unknown) => call(t.app, 'POST', '/cart/update/', { as, payload });
const remove = (as: Shopper, product: number | string) =>
  call(t.app, 'DELETE', `/cart/remove/${product}/`, { as });
const clear = (as: Shopper) => call(t.app, 'DELETE', '/cart/clear/', { as });

const lines = (...pairs: [number, number][]) => ({
  cart_products: pairs.map(([product, quantity]) => ({ product, quantity })),
});

/** The quantities in the cart, by product id. */
function quantities(cart: Cart): Record<number, number> {
  return Object.fromEntries(cart.cart_products.map((l) => [l.product, l.quantity]));
}

describe('who may use the cart', () => {
  test('a visitor gets 401 from every cart route', async () => {
    for (const [method, path] of [
      ['GET', '/cart/'],
      ['POST', '/cart/add/'],
      ['POST', '/cart/update/'],
      ['DELETE', '/cart/remove/1/'],
      ['DELETE', '/cart/clear/'],
    ] as const) {
      const response = await call(t.app, method, path, {
        payload: method === 'POST' ? lines([1, 1]) : undefined,
      });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json().message).toBeTruthy();
    }
  });

  test('the first read creates one empty cart, the same on every read, and each customer has their own', async () => {
    const carol = await newShopper(t.app, t.db);
    const first = await readCart(carol);
    expect(first).toEqual({ id: expect.any(Number), total: 0, cart_products: [] });
    expect((await readCart(carol)).id).toBe(first.id);
    expect((await readCart(bob)).id).not.toBe(first.id);
  });
});

describe('adding', () => {
  test('answers the cart with the line priced now and the product as a card shows it', async () => {
    const shopper = await newShopper(t.app, t.db);
    const category = await createCategory(t.db, { title: 'Dairy' });
    const ghee = await createProduct(t.db, {
      slug: 'pure-ghee-1l',
      title: 'Pure Ghee 1 L',
      nepaliTitle: 'शुद्ध घिउ',
      description: 'Cow ghee.',
      shortDescription: 'Ghee',
      markedPrice: 120_000,
      sellingPrice: 110_050,
      stock: 7,
      isOrganic: true,
      categoryId: category.id,
    });
    const response = await add(shopper, lines([ghee.id, 2]));
    expect(response.statusCode).toBe(200);
    const { cart } = response.json<CartResponse>();
    expect(cart.total).toBe(2201);
    expect(cart.cart_products).toEqual([
      {
        id: expect.any(Number),
        product: ghee.id,
        quantity: 2,
        rate: 1100.5,
        subtotal: 2201,
        is_available: true,
        available_quantity: 7,
        product_detail: expect.objectContaining({
          id: ghee.id,
          slug: 'pure-ghee-1l',
          title: 'Pure Ghee 1 L',
          nepali_title: 'शुद्ध घिउ',
          description: 'Cow ghee.',
          short_description: 'Ghee',
          marked_price: 1200,
          selling_price: 1100.5,
          primary_image: {
            image: '/media/products/pure-ghee-1l.webp',
            thumbnail_image: '/media/products/pure-ghee-1l-thumb.webp',
          },
          image: '/media/products/pure-ghee-1l.webp',
          thumbnail: '/media/products/pure-ghee-1l-thumb.webp',
          category: 'Dairy',
          isOrganic: true,
          total_available_quantity: 7,
        }),
      },
    ]);
    expect(await readCart(shopper)).toEqual(cart);
  });

  test('each line shows its product as the catalogue does: every picture in order, rating, flash price', async () => {
    const shopper = await newShopper(t.app, t.db);
    const tea = await createProduct(t.db, {
      stock: 9,
      sellingPrice: 30_000,
      ratingAverage: '4.25',
      ratingCount: 8,
    });
    // Pictures at positions 2 and 1 besides the factory's primary one: the primary first, then by position.
    await t.db.insert(productImages).values([
      {
        productId: tea.id,
        image: '/media/products/side.webp',
        thumbnail: '/media/products/side-t.webp',
        position: 2,
      },
      {
        productId: tea.id,
        image: '/media/products/back.webp',
        thumbnail: '/media/products/back-t.webp',
        position: 1,
      },
    ]);
    await createFlashSale(t.db, tea.id, { discountedPrice: 25_000 });
    const bare = await createProduct(t.db);
    await t.db.delete(productImages).where(eq(productImages.productId, bare.id));
    const response = await add(shopper, lines([tea.id, 2], [bare.id, 1]));
    expect(response.statusCode).toBe(200);
    const [teaLine, bareLine] = response.json<CartResponse>().cart.cart_products;
    const catalogue = (await call(t.app, 'GET', `/product/detail/${tea.slug}/`)).json().data.product;
    for (const [key, value] of Object.entries(teaLine.product_detail))
      expect(value, key).toEqual(catalogue[key]);
    expect(teaLine.product_detail.product_images.map((i) => i.image)).toEqual([
      `/media/products/${tea.slug}.webp`,
      '/media/products/back.webp',
      '/media/products/side.webp',
    ]);
    expect(teaLine).toMatchObject({ rate: 250, subtotal: 500 });
    expect(teaLine.product_detail).toMatchObject({ rating: 4.25, rating_count: 8, selling_price: 250 });
    expect(bareLine.product_detail).toMatchObject({ image: null, primary_image: null, product_images: [] });
  });

  test('adds to an existing line, up to exactly the stock, and refuses one more with the stock', async () => {
    const shopper = await newShopper(t.app, t.db);
    const rice = await createProduct(t.db, { stock: 5, sellingPrice: 10_000 });
    expect((await add(shopper, lines([rice.id, 3]))).statusCode).toBe(200);
    const second = await add(shopper, lines([rice.id, 2]));
    expect(second.statusCode).toBe(200);
    expect(quantities(second.json<CartResponse>().cart)).toEqual({ [rice.id]: 5 });
    expect(second.json<CartResponse>().cart.total).toBe(500);

    const refused = await add(shopper, lines([rice.id, 1]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Only 5 items available in stock',
      product: rice.id,
      available_quantity: 5,
    });
    expect(quantities(await readCart(shopper))).toEqual({ [rice.id]: 5 });
  });

  test('sums a product repeated in one request, within the stock and beyond it', async () => {
    const shopper = await newShopper(t.app, t.db);
    const tea = await createProduct(t.db, { stock: 6 });
    const summed = await add(shopper, lines([tea.id, 2], [tea.id, 3]));
    expect(summed.statusCode).toBe(200);
    expect(quantities(summed.json<CartResponse>().cart)).toEqual({ [tea.id]: 5 });
    const beyond = await add(shopper, lines([tea.id, 1], [tea.id, 1]));
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe('Only 6 items available in stock');
    expect(quantities(await readCart(shopper))).toEqual({ [tea.id]: 5 });
  });

  test('several products at once, all or nothing', async () => {
    const shopper = await newShopper(t.app, t.db);
    const salt = await createProduct(t.db, { stock: 10, sellingPrice: 2_500 });
    const sugar = await createProduct(t.db, { stock: 2, sellingPrice: 9_000 });
    const both = await add(shopper, lines([salt.id, 4], [sugar.id, 1]));
    expect(both.statusCode).toBe(200);
    expect(both.json<CartResponse>().cart.total).toBe(190);
    expect(both.json<CartResponse>().cart.cart_products.map((l) => l.product)).toEqual([salt.id, sugar.id]);

    const refused = await add(shopper, lines([salt.id, 1], [sugar.id, 2]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Only 2 items available in stock');
    expect(quantities(await readCart(shopper))).toEqual({ [salt.id]: 4, [sugar.id]: 1 });
  });

  test('refuses an unknown, a withdrawn and an out-of-stock product, naming it, and changes nothing', async () => {
    const shopper = await newShopper(t.app, t.db);
    const kept = await createProduct(t.db);
    await add(shopper, lines([kept.id, 1]));
    const withdrawn = await createProduct(t.db, { title: 'Old Biscuits', isActive: false });
    const soldOut = await createProduct(t.db, { title: 'Masoor Dal 1 kg', stock: 0 });
    const cases: [number, string, number | undefined][] = [
      [2_000_000_000, 'Product 2000000000 was not found.', undefined],
      [withdrawn.id, 'Old Biscuits is no longer available.', 0],
      [soldOut.id, 'Masoor Dal 1 kg is out of stock.', 0],
    ];
    for (const [product, message, available] of cases) {
      for (const send of [add, update]) {
        const response = await send(shopper, lines([kept.id, 2], [product, 1]));
        expect(response.statusCode, message).toBe(400);
        expect(response.json()).toMatchObject({ message, product });
        expect(response.json().available_quantity).toBe(available);
      }
    }
    expect(quantities(await readCart(shopper))).toEqual({ [kept.id]: 1 });
  });
});

describe('updating', () => {
  test('sets quantities (creating a missing line), up to the stock', async () => {
    const shopper = await newShopper(t.app, t.db);
    const oil = await createProduct(t.db, { stock: 4, sellingPrice: 30_000 });
    const soap = await createProduct(t.db, { stock: 9, sellingPrice: 5_050 });
    await add(shopper, lines([oil.id, 3]));
    const response = await update(shopper, lines([oil.id, 1], [soap.id, 2]));
    expect(response.statusCode).toBe(200);
    const { cart } = response.json<CartResponse>();
    expect(quantities(cart)).toEqual({ [oil.id]: 1, [soap.id]: 2 });
    expect(cart.total).toBe(401);

    expect((await update(shopper, lines([oil.id, 4]))).statusCode).toBe(200);
    const refused = await update(shopper, lines([oil.id, 5]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Only 4 items available in stock',
      available_quantity: 4,
    });
    expect(quantities(await readCart(shopper))).toEqual({ [oil.id]: 4, [soap.id]: 2 });
  });

  test('refuses a product listed twice in one update', async () => {
    const shopper = await newShopper(t.app, t.db);
    const milk = await createProduct(t.db);
    await add(shopper, lines([milk.id, 1]));
    const response = await update(shopper, lines([milk.id, 2], [milk.id, 3]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: `Product ${milk.id} is listed more than once.` });
    expect(quantities(await readCart(shopper))).toEqual({ [milk.id]: 1 });
  });
});

describe('removing and clearing', () => {
  test('removes one product’s line; a product not in my cart is 404', async () => {
    const shopper = await newShopper(t.app, t.db);
    const a = await createProduct(t.db, { sellingPrice: 1_000 });
    const b = await createProduct(t.db, { sellingPrice: 2_000 });
    await add(shopper, lines([a.id, 1], [b.id, 2]));
    const response = await remove(shopper, a.id);
    expect(response.statusCode).toBe(200);
    expect(quantities(response.json<CartResponse>().cart)).toEqual({ [b.id]: 2 });
    expect(response.json<CartResponse>().cart.total).toBe(40);

    const again = await remove(shopper, a.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`Product ${a.id} is not in your cart.`);
    expect((await remove(shopper, 'abc')).statusCode).toBe(400);
  });

  test('clear empties my cart and nobody else’s', async () => {
    const shopper = await newShopper(t.app, t.db);
    const other = await newShopper(t.app, t.db);
    const p = await createProduct(t.db);
    await add(shopper, lines([p.id, 2]));
    await add(other, lines([p.id, 1]));
    const response = await clear(shopper);
    expect(response.statusCode).toBe(200);
    expect(response.json<CartResponse>().cart).toMatchObject({ total: 0, cart_products: [] });
    expect(quantities(await readCart(other))).toEqual({ [p.id]: 1 });
    // Clearing an empty cart is fine too.
    expect((await clear(shopper)).statusCode).toBe(200);
  });

  test('another customer’s lines are out of reach', async () => {
    const p = await createProduct(t.db);
    const bobsLine = (await add(bob, lines([p.id, 2]))).json<CartResponse>().cart.cart_products[0];
    expect((await readCart(alice)).cart_products.some((l) => l.id === bobsLine.id)).toBe(false);
    // Alice names Bob's product (and Bob's line id, which a careless server might take for one).
    expect((await remove(alice, p.id)).statusCode).toBe(404);
    expect((await remove(alice, bobsLine.id)).statusCode).toBe(404);
    expect((await clear(alice)).statusCode).toBe(200);
    expect(quantities(await readCart(bob))).toMatchObject({ [p.id]: 2 });
  });
});

describe('live prices and stock', () => {
  test('a line is priced at the flash sale while it runs and at the selling price after it ends', async () => {
    const shopper = await newShopper(t.app, t.db);
    const coffee = await createProduct(t.db, { markedPrice: 90_000, sellingPrice: 80_000, stock: 10 });
    const sale = await createFlashSale(t.db, coffee.id, { discountedPrice: 64_950 });
    const during = (await add(shopper, lines([coffee.id, 2]))).json<CartResponse>().cart;
    expect(during.cart_products[0]).toMatchObject({ rate: 649.5, subtotal: 1299 });
    expect(during.cart_products[0].product_detail.selling_price).toBe(649.5);
    expect(during.total).toBe(1299);

    await t.db
      .update(flashSales)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(flashSales.id, sale.id));
    const after = await readCart(shopper);
    expect(after.cart_products[0]).toMatchObject({ rate: 800, subtotal: 1600 });
    expect(after.cart_products[0].product_detail.selling_price).toBe(800);
    expect(after.total).toBe(1600);
  });

  test('a product that runs out, falls below the line or is withdrawn after adding is flagged and left out of the total', async () => {
    const shopper = await newShopper(t.app, t.db);
    const kept = await createProduct(t.db, { sellingPrice: 10_000, stock: 10 });
    const runsOut = await createProduct(t.db, { sellingPrice: 20_000, stock: 10 });
    const shrinks = await createProduct(t.db, { sellingPrice: 30_000, stock: 10 });
    const withdrawn = await createProduct(t.db, { sellingPrice: 40_000, stock: 10 });
    await add(shopper, lines([kept.id, 1], [runsOut.id, 2], [shrinks.id, 3], [withdrawn.id, 1]));
    expect((await readCart(shopper)).total).toBe(100 + 400 + 900 + 400);

    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, runsOut.id));
    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, shrinks.id));
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, withdrawn.id));
    const cart = await readCart(shopper);
    const byProduct = Object.fromEntries(cart.cart_products.map((l) => [l.product, l]));
    expect(byProduct[kept.id]).toMatchObject({ is_available: true, available_quantity: 10, subtotal: 100 });
    expect(byProduct[runsOut.id]).toMatchObject({
      is_available: false,
      available_quantity: 0,
      subtotal: 400,
    });
    expect(byProduct[runsOut.id].product_detail.total_available_quantity).toBe(0);
    expect(byProduct[shrinks.id]).toMatchObject({ is_available: false, available_quantity: 2, quantity: 3 });
    expect(byProduct[withdrawn.id]).toMatchObject({ is_available: false, available_quantity: 0 });
    expect(byProduct[withdrawn.id].product_detail.total_available_quantity).toBe(0);
    expect(cart.total).toBe(100);

    // Lowering the line to the stock makes it available again.
    const lowered = (await update(shopper, lines([shrinks.id, 2]))).json<CartResponse>().cart;
    expect(lowered.total).toBe(100 + 600);
  });
});

describe('malformed requests', () => {
  const bad: [string, unknown][] = [
    ['negative quantity', { cart_products: [{ product: 0, quantity: -1 }] }],
    ['zero quantity', { cart_products: [{ product: 0, quantity: 0 }] }],
    ['fractional quantity', { cart_products: [{ product: 0, quantity: 1.5 }] }],
    ['huge quantity', { cart_products: [{ product: 0, quantity: 1e12 }] }],
    ['quantity beyond any stock', { cart_products: [{ product: 0, quantity: 2_147_483_647 }] }],
    ['string quantity', { cart_products: [{ product: 0, quantity: '2' }] }],
    ['null quantity', { cart_products: [{ product: 0, quantity: null }] }],
    ['missing quantity', { cart_products: [{ product: 0 }] }],
    ['missing product', { cart_products: [{ quantity: 1 }] }],
    ['string product', { cart_products: [{ product: 'rice', quantity: 1 }] }],
    ['negative product', { cart_products: [{ product: -3, quantity: 1 }] }],
    ['unknown product', { cart_products: [{ product: 2_000_000_000, quantity: 1 }] }],
    ['missing cart_products', {}],
    ['empty cart_products', { cart_products: [] }],
    ['object where the list belongs', { cart_products: { product: 0, quantity: 1 } }],
    ['array where the body object belongs', [{ product: 0, quantity: 1 }]],
    ['array where a line object belongs', { cart_products: [[0, 1]] }],
    ['a price sent along', { cart_products: [{ product: 0, quantity: 1, price: 1 }] }],
    ['an extra top-level field', { cart_products: [{ product: 0, quantity: 1 }], total: 1 }],
    ['too many lines', { cart_products: Array.from({ length: 101 }, () => ({ product: 0, quantity: 1 })) }],
    ['a bare string', 'rice'],
  ];

  test.each(bad)('%s is a 400 with a message and changes nothing', async (_name, template) => {
    const shopper = await newShopper(t.app, t.db);
    const p = await createProduct(t.db, { stock: 10 });
    await add(shopper, lines([p.id, 2]));
    const before = await readCart(shopper);
    // The JSON as sent, with the real product id where the template says 0.
    const payload = JSON.stringify(template).replaceAll('"product":0', `"product":${p.id}`);
    for (const path of ['/cart/add/', '/cart/update/']) {
      const response = await call(t.app, 'POST', path, {
        as: shopper,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
      expect(response.json().message.length).toBeGreaterThan(0);
    }
    expect(await readCart(shopper)).toEqual(before);
  });

  test('the messages say what is wrong', async () => {
    const p = await createProduct(t.db, { stock: 10 });
    const message = async (payload: unknown) => (await add(alice, payload)).json().message;
    expect(await message(lines([p.id, 0]))).toBe('cart_products.0.quantity: Quantity must be at least 1');
    expect(await message(lines([p.id, 1.5]))).toBe(
      'cart_products.0.quantity: Quantity must be a whole number',
    );
    expect(await message(lines([p.id, 1e12]))).toBe('cart_products.0.quantity: Quantity is too large');
    expect(await message(lines([p.id, 2_147_483_647]))).toBe('Only 10 items available in stock');
    expect(await message({ cart_products: [{ product: p.id, quantity: '2' }] })).toBe(
      'cart_products.0.quantity: Quantity must be a number',
    );
    expect(await message({ cart_products: [{ product: p.id }] })).toBe(
      'cart_products.0.quantity: Quantity is required',
    );
    expect(await message({ cart_products: [{ product: p.id, quantity: 1, price: 1 }] })).toBe(
      'cart_products.0: Unknown field: price',
    );
    expect(await message({})).toBe('cart_products: cart_products is required');
  });

  test('a body that is not JSON is refused', async () => {
    const xml = await call(t.app, 'POST', '/cart/add/', {
      as: alice,
      payload: '<cart/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBeTruthy();
    const broken = await call(t.app, 'POST', '/cart/add/', {
      as: alice,
      payload: '{"cart_products": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBeTruthy();
  });
});

describe('concurrent changes', () => {
  test('parallel adds of one product by one customer all count', async () => {
    const shopper = await newShopper(t.app, t.db);
    const p = await createProduct(t.db, { stock: 100 });
    const responses = await Promise.all(Array.from({ length: 12 }, () => add(shopper, lines([p.id, 2]))));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(quantities(await readCart(shopper))).toEqual({ [p.id]: 24 });
  });

  test('parallel adds never take a line beyond the stock', async () => {
    const shopper = await newShopper(t.app, t.db);
    const p = await createProduct(t.db, { stock: 5 });
    const responses = await Promise.all(Array.from({ length: 8 }, () => add(shopper, lines([p.id, 1]))));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 400, 400, 400]);
    for (const r of responses.filter((r) => r.statusCode === 400)) {
      expect(r.json().message).toBe('Only 5 items available in stock');
    }
    expect(quantities(await readCart(shopper))).toEqual({ [p.id]: 5 });
  });
});

describe('what one order may carry', () => {
  test('a line holds at most 1000, as the checkout takes: adding past it, or setting it, is refused with the reason', async () => {
    const shopper = await newShopper(t.app, t.db);
    const salt = await createProduct(t.db, { title: 'Iodised Salt 1 kg', stock: 5000 });
    const over = await add(shopper, lines([salt.id, 1200]));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: 'You can order at most 1000 of one product at a time.',
      product: salt.id,
      max_quantity: 1000,
    });
    const full = await add(shopper, lines([salt.id, 1000]));
    expect(full.statusCode).toBe(200);
    expect(quantities(full.json<CartResponse>().cart)).toEqual({ [salt.id]: 1000 });
    expect((await add(shopper, lines([salt.id, 1]))).statusCode).toBe(400);
    expect((await update(shopper, lines([salt.id, 1001]))).statusCode).toBe(400);
    const same = await update(shopper, lines([salt.id, 1000]));
    expect(quantities(same.json<CartResponse>().cart)).toEqual({ [salt.id]: 1000 });
  });
});
