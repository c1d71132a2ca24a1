import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCategory, createFlashSale, createProduct } from '../../test/factories';

// A word that more than 500 products match (the most the first statement ranks itself), few of
// them by a title word: the search takes the one-word path (the titles it starts) and, past those,
// the full ranking. Each page must be what the full ranking lists, with each product as the
// catalogue lists it.

let t: TestApp;
const API = '/api/ecommerce';
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${API}${url}` });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await buildTestApp();
  const category = await createCategory(t.db, { title: 'Pantry', slug: 'pantry' });
  // 12 titles start with the word (4 of 5), one on a flash sale and one sold out.
  for (let n = 1; n <= 12; n += 1) {
    const row = await createProduct(t.db, {
      title: `Quokkaberry Jam ${n}`,
      slug: `quokkaberry-jam-${n}`,
      categoryId: category.id,
      soldCount: n * 3,
      stock: n === 5 ? 0 : 10,
    });
    if (n === 7) await createFlashSale(t.db, row.id, { discountedPrice: 9_900 });
  }
  // 510 name it in their description only (1 of 5).
  await t.db.insert(products).values(
    Array.from({ length: 510 }, (_, i) => ({
      slug: `muesli-${i}`,
      title: `Muesli ${String(i).padStart(3, '0')}`,
      nepaliTitle: 'म्युस्ली',
      description: 'Oats with dried quokkaberry pieces',
      markedPrice: 30_000,
      sellingPrice: 28_000 - i,
      stock: 20,
      soldCount: i % 7,
      categoryId: category.id,
    })),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('a word that many products match', () => {
  test('every page is the full ranking’s, each product as the catalogue lists it', async () => {
    const cards = new Map<number, unknown>();
    for (let page = 1; ; page += 1) {
      const list = await get(`/products?page_size=60&page=${page}`);
      for (const card of list.results) cards.set(card.id, card);
      if (!list.next) break;
    }
    expect(cards.size).toBe(522);
    for (const q of ['quok', 'quokkaberry']) {
      for (const page of [1, 2, 3]) {
        const url = `/products?q=${q}&page_size=10&page=${page}`;
        const plain = await get(url);
        // A price floor of 0 excludes nothing but takes the full ranking statement.
        const full = await get(`${url}&min_price=0`);
        expect(plain.count, url).toBe(522);
        expect(plain.results, url).toEqual(full.results);
        for (const card of plain.results) expect(card, url).toEqual(cards.get(card.id));
      }
    }
    // The titles first, in stock and best selling first; the one on sale at its sale price.
    const first = await get('/products?q=quok&page_size=12');
    expect(first.results.map((p: { title: string }) => p.title)).toEqual([
      ...[12, 11, 10, 9, 8, 7, 6, 4, 3, 2, 1].map((n) => `Quokkaberry Jam ${n}`),
      'Quokkaberry Jam 5',
    ]);
    expect(first.results.find((p: { title: string }) => p.title === 'Quokkaberry Jam 7').selling_price).toBe(
      99,
    );
  });
});
