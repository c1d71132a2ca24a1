import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products, reviews } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createDeliveredOrder, createOrder, createProduct } from '../../test/factories';
import { call, newShopper, type Shopper } from '../../test/shopper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const review = (as: Shopper, productId: number | string, payload: unknown) =>
  call(t.app, 'POST', `/product/${productId}/review/`, { as, payload });

async function ratingOf(productId: number) {
  const [row] = await t.db
    .select({ average: products.ratingAverage, count: products.ratingCount })
    .from(products)
    .where(eq(products.id, productId));
  return { average: Number(row.average), count: row.count };
}

describe('reviews', () => {
  test('only after delivery, once; the rating follows and the review shows on the product page', async () => {
    const me = await newShopper(t.app, t.db);
    const product = await createProduct(t.db, { title: 'Chiura 1 kg' });

    const never = await review(me, product.id, { rating: 5, review: 'Great' });
    expect(never.statusCode).toBe(403);
    expect(never.json().message).toBe(
      'You can review a product once an order of it has been delivered to you.',
    );
    await createOrder(t.db, {
      userId: me.id,
      totalPaisa: 18_000,
      orderStatus: 'Out for Delivery',
      lines: [{ productId: product.id, quantity: 1, unitPaisa: 18_000 }],
    });
    expect((await review(me, product.id, { rating: 5 })).statusCode).toBe(403);

    await createDeliveredOrder(t.db, me.id, [{ product }]);
    const first = await review(me, product.id, { rating: 4, review: '  Fresh and crisp.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: 'Thank you for your review!',
      review: {
        id: expect.any(Number),
        rating: 4,
        review: 'Fresh and crisp.',
        created_at: expect.any(String),
        user: { first_name: 'Test', middle_name: '', last_name: 'User' },
      },
      product: { id: product.id, rating: 4, rating_count: 1 },
    });

    const second = await review(me, product.id, { rating: 1, review: 'Changed my mind' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You have already reviewed this product.');
    expect(await ratingOf(product.id)).toEqual({ average: 4, count: 1 });

    const page = await call(t.app, 'GET', `/product/detail/${product.slug}/`);
    expect(page.json().data.product).toMatchObject({ rating: 4, rating_count: 1 });
    expect(page.json().data.reviews).toEqual([first.json().review]);
  });

  test('the average and count follow every customer’s review, also when they arrive together', async () => {
    const product = await createProduct(t.db);
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => newShopper(t.app, t.db)));
    for (const shopper of shoppers) await createDeliveredOrder(t.db, shopper.id, [{ product }]);
    const ratings = [5, 4, 4, 3, 5, 2];
    const answers = await Promise.all(shoppers.map((s, i) => review(s, product.id, { rating: ratings[i] })));
    expect(answers.map((a) => a.statusCode)).toEqual(ratings.map(() => 201));
    // 23 / 6 = 3.8333… → 3.83
    expect(await ratingOf(product.id)).toEqual({ average: 3.83, count: 6 });
    const rows = await t.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(rows).toHaveLength(6);
  });

  test('bad ratings, long texts, unknown fields and unknown products are refused', async () => {
    const me = await newShopper(t.app, t.db);
    const product = await createProduct(t.db);
    await createDeliveredOrder(t.db, me.id, [{ product }]);
    for (const [payload, message] of [
      [{}, 'rating: Please choose a rating'],
      [{ rating: 0 }, 'rating: rating must be a whole number from 1 to 5'],
      [{ rating: 6 }, 'rating: rating must be a whole number from 1 to 5'],
      [{ rating: 4.5 }, 'rating: rating must be a whole number from 1 to 5'],
      [{ rating: '5' }, 'rating: rating must be a number'],
      [{ rating: 5, review: 'x'.repeat(1001) }, 'review: The review must be at most 1000 characters'],
      [{ rating: 5, user: 1 }, 'Unknown field: user'],
    ] as const) {
      const response = await review(me, product.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await review(me, 2_000_000_000, { rating: 5 })).statusCode).toBe(404);
    expect((await review(me, 'abc', { rating: 5 })).statusCode).toBe(400);
    expect(await ratingOf(product.id)).toEqual({ average: 0, count: 0 });
    expect(
      (await call(t.app, 'POST', `/product/${product.id}/review/`, { payload: { rating: 5 } })).statusCode,
    ).toBe(401);
  });
});

describe('with the catalogue cache on', () => {
  let cached: TestApp;
  beforeAll(async () => {
    // A bound far longer than the test: only the review itself can refresh the page.
    cached = await buildTestApp({ CATALOGUE_CACHE_MS: '60000' });
  });
  afterAll(async () => {
    await cached.close();
  });

  test('a posted review shows on the product page at once', async () => {
    const me = await newShopper(cached.app, cached.db);
    const product = await createProduct(cached.db);
    await createDeliveredOrder(cached.db, me.id, [{ product }]);
    const before = await call(cached.app, 'GET', `/product/detail/${product.slug}/`);
    expect(before.json().data.reviews).toEqual([]);

    const posted = await call(cached.app, 'POST', `/product/${product.id}/review/`, {
      as: me,
      payload: { rating: 5, review: 'Lovely' },
    });
    expect(posted.statusCode).toBe(201);
    const after = await call(cached.app, 'GET', `/product/detail/${product.slug}/`);
    expect(after.json().data.product).toMatchObject({ rating: 5, rating_count: 1 });
    expect(after.json().data.reviews).toEqual([posted.json().review]);
  });
});
