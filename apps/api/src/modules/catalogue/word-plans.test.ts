import { afterEach, expect, test } from 'vitest';
import { searchSynonyms } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct } from '../../test/factories';
import { call } from '../../test/shopper';
import { admin, newStaff } from '../../test/staff';

// Search words' plans are kept between searches like cached catalogue answers (decision 078): a
// change made through this instance shows at once, one made elsewhere within the freshness bound.
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const titles = async (app: TestApp, url: string) =>
  (await call(app.app, 'GET', url)).json().results.map((p: { title: string }) => p.title);

test('a synonym the owner adds in the console applies to the next search of that word', async () => {
  t = await buildTestApp({ CATALOGUE_CACHE_MS: '60000' });
  await createProduct(t.db, { title: 'Dahi 500 g', nepaliTitle: '' });
  await createProduct(t.db, { title: 'Curd Cup', nepaliTitle: '' });
  expect(await titles(t, '/products?q=curd')).toEqual(['Curd Cup']);
  const staff = await newStaff(t.app, t.db);
  const created = await admin(t.app, 'POST', '/search-synonyms/', {
    as: staff,
    payload: { words: ['curd', 'dahi'] },
  });
  expect(created.statusCode, created.body).toBe(201);
  // Another page size: not the answer kept above, but the same word.
  expect((await titles(t, '/products?q=curd&page_size=10')).sort()).toEqual(['Curd Cup', 'Dahi 500 g']);
  expect((await call(t.app, 'GET', '/products/suggest?q=curd')).json().products).toHaveLength(2);
});

test('a synonym written by another instance applies once the freshness bound has passed', async () => {
  t = await buildTestApp({ CATALOGUE_CACHE_MS: '300' });
  await createProduct(t.db, { title: 'Khursani Achar', nepaliTitle: '' });
  await createProduct(t.db, { title: 'Chilli Sauce', nepaliTitle: '' });
  expect(await titles(t, '/products?q=chilli')).toEqual(['Chilli Sauce']);
  await t.db.insert(searchSynonyms).values({ words: ['chilli', 'khursani'] });
  await new Promise((resolve) => setTimeout(resolve, 350));
  expect((await titles(t, '/products?q=chilli&page_size=10')).sort()).toEqual([
    'Chilli Sauce',
    'Khursani Achar',
  ]);
});

test('plans kept for a word give the same answer as planning it afresh', async () => {
  t = await buildTestApp({ CATALOGUE_CACHE_MS: '60000' });
  for (const title of ['Basmati Rice', 'Jeera Rice', 'Rice Flour', 'Basmati Chamal'])
    await createProduct(t.db, { title, nepaliTitle: '' });
  // "basmti" (a typo) and "rice" planned by the first search, then found in the kept plans.
  const first = await titles(t, '/products?q=basmti%20rice');
  expect(first).toContain('Basmati Rice');
  expect(await titles(t, '/products?q=rice%20basmti')).toEqual(first);
  expect(await titles(t, '/products?q=basmti')).toEqual(['Basmati Chamal', 'Basmati Rice'].sort());
});
