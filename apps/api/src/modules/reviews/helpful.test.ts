import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reviewHelpfulVotes, reviews } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct } from '../../test/factories';
import { call, newShopper, type Shopper } from '../../test/shopper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A review written a given number of minutes ago (the review route itself is tested in reviews.test.ts). */
async function writeReview(author: Shopper, productId: number, minutesAgo: number, text = 'Good') {
  const [row] = await t.db
    .insert(reviews)
    .values({
      productId,
      userId: author.id,
      rating: 4,
      review: text,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning();
  return row;
}

const mark = (as: Shopper | undefined, reviewId: number | string) =>
  call(t.app, 'PUT', `/review/${reviewId}/helpful/`, { as });
const unmark = (as: Shopper | undefined, reviewId: number | string) =>
  call(t.app, 'DELETE', `/review/${reviewId}/helpful/`, { as });
const list = (productId: number, query = '', as?: Shopper) =>
  call(t.app, 'GET', `/product/${productId}/reviews/${query}`, { as });

async function votesOn(reviewId: number) {
  return t.db.select().from(reviewHelpfulVotes).where(eq(reviewHelpfulVotes.reviewId, reviewId));
}

describe('helpful marks on reviews', () => {
  test('another customer marks a review helpful once, and can take the mark back', async () => {
    const [author, reader] = [await newShopper(t.app, t.db), await newShopper(t.app, t.db)];
    const product = await createProduct(t.db);
    const written = await writeReview(author, product.id, 5, 'Fresh every time');

    const first = await mark(reader, written.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ review_id: written.id, helpful_count: 1, voted: true });
    const again = await mark(reader, written.id);
    expect(again.json()).toEqual({ review_id: written.id, helpful_count: 1, voted: true });
    expect(await votesOn(written.id)).toHaveLength(1);

    const mine = await list(product.id, '', reader);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.json().results).toEqual([
      expect.objectContaining({
        id: written.id,
        review: 'Fresh every time',
        helpful_count: 1,
        voted: true,
        mine: false,
      }),
    ]);
    const anonymous = await list(product.id);
    expect(anonymous.json().results[0]).toMatchObject({ helpful_count: 1, voted: false, mine: false });
    const asAuthor = await list(product.id, '', author);
    expect(asAuthor.json().results[0]).toMatchObject({ helpful_count: 1, voted: false, mine: true });

    const back = await unmark(reader, written.id);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ review_id: written.id, helpful_count: 0, voted: false });
    expect((await unmark(reader, written.id)).json().helpful_count).toBe(0);
    expect(await votesOn(written.id)).toHaveLength(0);
  });

  test('marks of many customers at once each count once', async () => {
    const author = await newShopper(t.app, t.db);
    const readers = await Promise.all(Array.from({ length: 4 }, () => newShopper(t.app, t.db)));
    const product = await createProduct(t.db);
    const written = await writeReview(author, product.id, 1);
    const answers = await Promise.all([...readers, ...readers].map((r) => mark(r, written.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await votesOn(written.id)).toHaveLength(4);
    expect((await list(product.id)).json().results[0].helpful_count).toBe(4);
  });

  test('one’s own review, an unknown review and a visitor are refused, and nothing is written', async () => {
    const author = await newShopper(t.app, t.db);
    const product = await createProduct(t.db);
    const written = await writeReview(author, product.id, 1);

    const own = await mark(author, written.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot mark your own review as helpful.');
    expect((await unmark(author, written.id)).statusCode).toBe(403);

    const unknown = await mark(author, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Review not found.');
    expect((await mark(author, 'abc')).statusCode).toBe(400);
    const visitor = await mark(undefined, written.id);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBeTruthy();
    expect(await votesOn(written.id)).toHaveLength(0);
  });

  test('the list is newest first unless sorted by helpful marks; an unknown sort is a 400', async () => {
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => newShopper(t.app, t.db)));
    const [a, b, c, reader] = shoppers;
    const product = await createProduct(t.db);
    const oldest = await writeReview(a, product.id, 30, 'oldest');
    const middle = await writeReview(b, product.id, 20, 'middle');
    const newest = await writeReview(c, product.id, 10, 'newest');
    for (const [voter, reviewId] of [
      [reader, middle.id],
      [a, middle.id],
      [c, middle.id],
      [reader, oldest.id],
      [b, oldest.id],
    ] as const) {
      expect((await mark(voter, reviewId)).statusCode).toBe(200);
    }
    const texts = async (query: string) =>
      (await list(product.id, query)).json().results.map((r: { review: string }) => r.review);
    expect(await texts('')).toEqual(['newest', 'middle', 'oldest']);
    expect(await texts('?sort=newest')).toEqual(['newest', 'middle', 'oldest']);
    expect(await texts('?sort=helpful')).toEqual(['middle', 'oldest', 'newest']);
    const counts = (await list(product.id, '?sort=helpful'))
      .json()
      .results.map((r: { helpful_count: number }) => r.helpful_count);
    expect(counts).toEqual([3, 2, 0]);
    expect(newest.id).toBeGreaterThan(0);

    const bad = await list(product.id, '?sort=best');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('querystring.sort: sort must be one of: newest, helpful');
  });

  test('an unknown product is a 404, and a token that is sent must be valid', async () => {
    const product = await createProduct(t.db);
    expect((await list(2_000_000_000)).statusCode).toBe(404);
    const stale = await call(t.app, 'GET', `/product/${product.id}/reviews/`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(stale.statusCode).toBe(401);
    expect((await list(product.id)).json()).toEqual({ results: [] });
  });
});
