import type { WishlistEntry, WishlistList } from '@pasal/contract/wishlist';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products } from '../../db/schema/catalogue';
import { wishlistItems } from '../../db/schema/shopping';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct } from '../../test/factories';
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

const create = (as: Shopper | undefined, payload: unknown) =>
  call(t.app, 'POST', '/create/wishlist/', { as, payload });
const remove = (as: Shopper | undefined, id: number | string) =>
  call(t.app, 'DELETE', `/update/wishlist/${id}/`, { as });

async function list(as: Shopper): Promise<WishlistEntry[]> {
  const response = await call(t.app, 'GET', '/list/wishlist/', { as });
  expect(response.statusCode).toBe(200);
  return response.json<WishlistList>().results;
}

describe('wishlist', () => {
  test('a visitor gets 401 from every wishlist route', async () => {
    expect((await create(undefined, { item: 1 })).statusCode).toBe(401);
    expect((await remove(undefined, 1)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/list/wishlist/')).statusCode).toBe(401);
  });

  test('adds a product with 201; adding it again answers the same entry with 200', async () => {
    const shopper = await newShopper(t.app, t.db);
    const honey = await createProduct(t.db, {
      slug: 'wild-honey-500g',
      title: 'Wild Honey 500 g',
      description: 'From the hills.',
      shortDescription: 'Honey',
      markedPrice: 90_000,
      sellingPrice: 75_050,
      ratingAverage: '4.50',
      ratingCount: 8,
    });
    const first = await create(shopper, { item: honey.id });
    expect(first.statusCode).toBe(201);
    const entry = first.json<WishlistEntry>();
    expect(entry).toEqual({
      id: expect.any(Number),
      product: honey.id,
      item: expect.objectContaining({
        id: honey.id,
        slug: 'wild-honey-500g',
        title: 'Wild Honey 500 g',
        selling_price: 750.5,
        price: 750.5,
        marked_price: 900,
        image: '/media/products/wild-honey-500g.webp',
        description: 'From the hills.',
        short_description: 'Honey',
        average_rating: 4.5,
        rating_count: 8,
        total_available_quantity: 10,
      }),
    });
    const again = await create(shopper, { item: honey.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<WishlistEntry>().id).toBe(entry.id);
    expect(await list(shopper)).toEqual([entry]);
  });

  test('lists newest first and leaves out products no longer sold', async () => {
    const shopper = await newShopper(t.app, t.db);
    const older = await createProduct(t.db);
    const newer = await createProduct(t.db);
    const withdrawn = await createProduct(t.db);
    for (const p of [older, withdrawn, newer])
      expect((await create(shopper, { item: p.id })).statusCode).toBe(201);
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, withdrawn.id));
    expect((await list(shopper)).map((e) => e.product)).toEqual([newer.id, older.id]);
  });

  test('removes my entry; the same id again is 404', async () => {
    const shopper = await newShopper(t.app, t.db);
    const p = await createProduct(t.db);
    const entry = (await create(shopper, { item: p.id })).json<WishlistEntry>();
    const response = await remove(shopper, entry.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: entry.id, message: 'Item removed from wishlist' });
    expect(await list(shopper)).toEqual([]);
    const again = await remove(shopper, entry.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Wishlist item ID not found');
  });

  test('another customer’s entries are out of reach', async () => {
    const p = await createProduct(t.db);
    const alices = (await create(alice, { item: p.id })).json<WishlistEntry>();
    expect((await list(bob)).some((e) => e.id === alices.id)).toBe(false);
    const response = await remove(bob, alices.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Wishlist item ID not found');
    expect((await list(alice)).map((e) => e.id)).toContain(alices.id);
  });

  test('an unknown or withdrawn product is refused, naming it', async () => {
    const withdrawn = await createProduct(t.db, { isActive: false });
    for (const id of [2_000_000_000, withdrawn.id]) {
      const response = await create(alice, { item: id });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`Product ${id} was not found.`);
    }
  });

  test.each([
    ['missing item', {}, 'item: item is required'],
    ['string item', { item: 'honey' }, 'item: item must be a product id (a whole number)'],
    ['fractional item', { item: 1.5 }, 'item: item must be a product id (a whole number)'],
    ['an extra field', { item: 1, price: 5 }, 'Unknown field: price'],
    ['an array body', [{ item: 1 }], 'The body must be an object {item}'],
    [
      'an object where the id belongs',
      { item: { id: 1 } },
      'item: item must be a product id (a whole number)',
    ],
  ])('%s is a 400 with a message and adds nothing', async (_name, payload, message) => {
    const shopper = await newShopper(t.app, t.db);
    const response = await create(shopper, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await list(shopper)).toEqual([]);
  });

  test('a malformed entry id is a 400', async () => {
    expect((await remove(alice, 'abc')).statusCode).toBe(400);
  });

  test('parallel adds of one product make one entry', async () => {
    const shopper = await newShopper(t.app, t.db);
    const p = await createProduct(t.db);
    const responses = await Promise.all(Array.from({ length: 8 }, () => create(shopper, { item: p.id })));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((r) => r.json<WishlistEntry>().id));
    expect(ids.size).toBe(1);
    const rows = await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.id));
    expect(rows).toHaveLength(1);
  });
});
