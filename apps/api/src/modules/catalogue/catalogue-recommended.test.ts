import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCategory, createProduct } from '../../test/factories';

// A product page's related products, in the order the shopper sees them (one statement: the
// picks and their cards together).
let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/ecommerce${url}` });
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

test('recommends its own category first, then the rest of its top category, best rated first', async () => {
  const { db } = t;
  const oils = await createCategory(db, { title: 'Oils', slug: 'oils-rec' });
  const mustard = await createCategory(db, {
    title: 'Mustard Oil',
    slug: 'mustard-rec',
    parentId: oils.id,
  });
  const other = await createCategory(db, { title: 'Tea', slug: 'tea-rec' });
  const shown = await createProduct(db, { categoryId: mustard.id, ratingCount: 1 });
  const fewReviews = await createProduct(db, { categoryId: mustard.id, ratingCount: 5 });
  const manyReviews = await createProduct(db, { categoryId: mustard.id, ratingCount: 9 });
  const inParent = await createProduct(db, { categoryId: oils.id, ratingCount: 20 });
  await createProduct(db, { categoryId: other.id, ratingCount: 50 });
  const res = await get(`/product/detail/${shown.slug}/`);
  const ids = res.json().data.recommended_products.map((p: { id: number }) => p.id);
  expect(ids).toEqual([manyReviews.id, fewReviews.id, inParent.id]);
  // Each card comes with its pictures, as every list's cards do.
  expect(res.json().data.recommended_products[0].primary_image.image).toBe(
    `/media/products/${manyReviews.slug}.webp`,
  );
});
