import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { reviews } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct, createUser } from '../../test/factories';

// A product page is read in one statement (decision 077): what it shows of reviews and of the
// product asked for, where the rules are easy to get wrong in SQL.
let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/ecommerce${url}` });
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

test('reviews come newest first, to the millisecond, without those of a closed account', async () => {
  const product = await createProduct(t.db);
  const sita = await createUser(t.db, { firstName: 'Sita', middleName: 'Kumari', lastName: 'Sharma' });
  const ram = await createUser(t.db, { firstName: 'Ram', lastName: 'Thapa' });
  const gone = await createUser(t.db, { firstName: 'Hari', lastName: 'KC' });
  await t.db.insert(reviews).values([
    {
      productId: product.id,
      userId: sita.id,
      rating: 5,
      review: 'राम्रो चामल',
      createdAt: new Date('2026-11-20T10:00:00.123Z'),
    },
    {
      productId: product.id,
      userId: ram.id,
      rating: 3,
      review: 'OK',
      createdAt: new Date('2026-11-25T08:30:00.456Z'),
    },
    {
      productId: product.id,
      userId: gone.id,
      rating: 1,
      review: 'Gone',
      createdAt: new Date('2026-11-26T00:00:00Z'),
    },
  ]);
  await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));

  const res = await get(`/product/detail/${product.slug}/`);
  expect(res.statusCode).toBe(200);
  expect(
    res
      .json()
      .data.reviews.map((r: { rating: number; review: string; created_at: string; user: unknown }) => ({
        rating: r.rating,
        review: r.review,
        created_at: r.created_at,
        user: r.user,
      })),
  ).toEqual([
    {
      rating: 3,
      review: 'OK',
      created_at: '2026-11-25T08:30:00.456Z',
      user: { first_name: 'Ram', middle_name: '', last_name: 'Thapa' },
    },
    {
      rating: 5,
      review: 'राम्रो चामल',
      created_at: '2026-11-20T10:00:00.123Z',
      user: { first_name: 'Sita', middle_name: 'Kumari', last_name: 'Sharma' },
    },
  ]);
});

test('a number that is one product’s id and another’s slug opens the lowest id, with its own reviews only', async () => {
  const first = await createProduct(t.db, { title: 'First of the two' });
  await createProduct(t.db, { slug: String(first.id), title: 'Slug like a number' });
  const res = await get(`/product/detail/${first.id}/`);
  expect(res.statusCode).toBe(200);
  const { product, recommended_products } = res.json().data;
  expect(product).toMatchObject({ id: first.id, title: 'First of the two' });
  expect(recommended_products.map((p: { id: number }) => p.id)).not.toContain(first.id);
});
