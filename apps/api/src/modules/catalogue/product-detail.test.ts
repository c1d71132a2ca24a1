import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { productSizeGroups, reviews } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCategory, createFlashSale, createProduct, createUser } from '../../test/factories';

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

test('a running flash sale prices the other sizes and the related products as it prices the product', async () => {
  const [group] = await t.db.insert(productSizeGroups).values({}).returning();
  const ghee = await createCategory(t.db, { title: 'Ghee', slug: 'ghee-detail' });
  const small = await createProduct(t.db, {
    categoryId: ghee.id,
    unit: '500 ml',
    sellingPrice: 60_000,
    sizeGroupId: group.id,
  });
  const big = await createProduct(t.db, {
    categoryId: ghee.id,
    unit: '1 L',
    sellingPrice: 110_000,
    sizeGroupId: group.id,
  });
  await createFlashSale(t.db, big.id, { discountedPrice: 99_000 });
  // A sale that has not started yet changes nothing.
  await createFlashSale(t.db, small.id, {
    discountedPrice: 1_000,
    startsAt: new Date(Date.now() + 3_600_000),
    endsAt: new Date(Date.now() + 7_200_000),
  });

  const { data } = (await get(`/product/detail/${small.slug}/`)).json();
  expect(data.product.selling_price).toBe(600);
  expect(
    data.sizes.map((size: { id: number; selling_price: number }) => [size.id, size.selling_price]),
  ).toEqual([
    [small.id, 600],
    [big.id, 990],
  ]);
  const related = data.recommended_products.find((p: { id: number }) => p.id === big.id);
  expect(related).toMatchObject({ selling_price: 990, marked_price: 200 });
});
