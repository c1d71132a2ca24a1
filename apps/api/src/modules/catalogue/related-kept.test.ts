import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { products } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCategory, createProduct } from '../../test/factories';
import { call } from '../../test/shopper';
import { admin, newStaff } from '../../test/staff';

// A category's related products are kept like cached catalogue answers (decision 080): a page not
// asked for before shows them as they were read for another product of its category, within the
// freshness bound; a change made through this instance shows at once.
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Three products of one category: a page's related products are the other two, best reviewed first. */
async function shelf(app: TestApp) {
  const category = await createCategory(app.db);
  const make = (title: string, ratingCount: number) =>
    createProduct(app.db, { title, categoryId: category.id, ratingCount, sellingPrice: 18_000 });
  return {
    first: await make('Sel Roti', 1),
    second: await make('Lakhamari', 2),
    related: await make('Anarsa', 9),
  };
}

const relatedPrices = async (app: TestApp, slug: string) =>
  (await call(app.app, 'GET', `/product/detail/${slug}/`))
    .json()
    .data.recommended_products.map((p: { title: string; selling_price: number }) => [
      p.title,
      p.selling_price,
    ]);

test('a related product changed in the console shows at once on pages of its category', async () => {
  t = await buildTestApp({ CATALOGUE_CACHE_MS: '60000' });
  const { first, second, related } = await shelf(t);
  expect(await relatedPrices(t, first.slug)).toEqual([
    ['Anarsa', 180],
    ['Lakhamari', 180],
  ]);
  const staff = await newStaff(t.app, t.db);
  const changed = await admin(t.app, 'PATCH', `/products/${related.id}/`, {
    as: staff,
    payload: { version: 1, selling_price: 150 },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  expect(await relatedPrices(t, second.slug)).toEqual([
    ['Anarsa', 150],
    ['Sel Roti', 180],
  ]);
});

test('one written elsewhere is kept within the freshness bound', async () => {
  t = await buildTestApp({ CATALOGUE_CACHE_MS: '60000' });
  const { first, second, related } = await shelf(t);
  await relatedPrices(t, first.slug);
  // Another instance's change: this one's kept list still says 180, as a cached answer would.
  await t.db.update(products).set({ sellingPrice: 15_000 }).where(eq(products.id, related.id));
  expect(await relatedPrices(t, second.slug)).toEqual([
    ['Anarsa', 180],
    ['Sel Roti', 180],
  ]);
});

test('one written elsewhere shows once the freshness bound has passed', async () => {
  t = await buildTestApp({ CATALOGUE_CACHE_MS: '300' });
  const { first, second, related } = await shelf(t);
  await relatedPrices(t, first.slug);
  await t.db.update(products).set({ sellingPrice: 15_000 }).where(eq(products.id, related.id));
  await new Promise((resolve) => setTimeout(resolve, 350));
  expect(await relatedPrices(t, second.slug)).toEqual([
    ['Anarsa', 150],
    ['Sel Roti', 180],
  ]);
});
