import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { categories, products } from '../../db/schema/catalogue';
import { insertCategoryTree } from '../../seed/seed-demo-data';
import { seedScaleCatalogue } from '../../seed/seed-scale-catalogue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct } from '../../test/factories';

// The spec's rule (shopping.md §5), applied here in plain JavaScript over every product of a
// generated catalogue, is the floor of the database's search: whatever the rule finds, search finds.
// Search finds more on purpose (romanised Nepali, typos, brand: decision 040) and ranks its results,
// so these tests compare sets; catalogue-ranking.test.ts checks the order.

let t: TestApp;
interface Row {
  id: number;
  title: string;
  nepaliTitle: string;
  description: string;
  category: string;
  isActive: boolean;
}
let rows: Row[] = [];

async function readCatalogue(): Promise<Row[]> {
  return t.db
    .select({
      id: products.id,
      title: products.title,
      nepaliTitle: products.nepaliTitle,
      description: products.description,
      category: categories.title,
      isActive: products.isActive,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId));
}

/** shopping.md §5, word for word: every space-separated word, in any case, in one of the fields. */
function ruleMatches(row: Row, q: string): boolean {
  const words = q
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  const fields = [row.title, row.nepaliTitle, row.description, row.category].map((f) => f.toLowerCase());
  return words.every((w) => fields.some((f) => f.includes(w)));
}

async function searchAll(q: string): Promise<{ ids: number[]; count: number }> {
  const ids: number[] = [];
  let url: string | null = `/api/ecommerce/products?q=${encodeURIComponent(q)}&page_size=100`;
  let count = -1;
  while (url) {
    const res: {
      statusCode: number;
      json(): { count: number; results: { id: number }[]; next: string | null };
    } = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, q).toBe(200);
    const body = res.json();
    count = body.count;
    ids.push(...body.results.map((p) => p.id));
    url = body.next;
  }
  return { ids, count };
}

/** Every active product the rule finds is listed once, nothing inactive is, and the count is the list's. */
async function expectRule(q: string): Promise<number> {
  const expected = rows.filter((r) => r.isActive && ruleMatches(r, q)).map((r) => r.id);
  const found = await searchAll(q);
  expect(found.ids, `search "${q}"`).toEqual(expect.arrayContaining(expected));
  expect(new Set(found.ids).size, `no repeats for "${q}"`).toBe(found.ids.length);
  expect(found.count, `count of "${q}"`).toBe(found.ids.length);
  const inactive = new Set(rows.filter((r) => !r.isActive).map((r) => r.id));
  expect(
    found.ids.filter((id) => inactive.has(id)),
    `inactive in "${q}"`,
  ).toEqual([]);
  return found.count;
}

beforeAll(async () => {
  t = await buildTestApp();
  await insertCategoryTree(t.db);
  await seedScaleCatalogue(t.db, 600);
  const [soap] = await t.db.select().from(categories).where(eq(categories.slug, 'soap-body-wash'));
  await createProduct(t.db, {
    title: 'ÉCLAIR Choco Box',
    description: 'Sweets with 100% cocoa_butter, 50% off',
    categoryId: soap.id,
  });
  await createProduct(t.db, { title: 'Retired Basmati Rice', categoryId: soap.id, isActive: false });
  rows = await readCatalogue();
});

afterAll(async () => {
  await t?.close();
});

describe('search finds at least what the spec’s every-word rule finds', () => {
  test('chosen queries: titles, Nepali, descriptions, category titles, case, short words, symbols', async () => {
    const matched: Record<string, number> = {};
    for (const q of [
      'basmati rice',
      'RICE Basmati',
      'चामल',
      'चामल प्रिमियम',
      'organic',
      'premium 500',
      'kg',
      '5',
      'oil mustard',
      'leafy greens',
      'soap pack of',
      'éclair',
      'ÉCLAIR choco',
      '100%',
      '%',
      'cocoa_butter',
      '_',
      'pack   of\t6',
      'no-such-product-anywhere',
    ]) {
      matched[q] = await expectRule(q);
    }
    // The set really exercises the rule: common words match many, rare ones few, nonsense none.
    expect(matched['basmati rice']).toBeGreaterThan(5);
    expect(matched.kg).toBeGreaterThan(50);
    expect(matched.éclair).toBe(1);
    expect(matched['%']).toBe(1);
    expect(matched._).toBe(1);
    expect(matched['no-such-product-anywhere']).toBe(0);
  });

  test('random queries of one to three words taken from random products', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < 25; i += 1) {
      const row = rows[Math.floor(random() * rows.length)];
      const source = [row.title, row.nepaliTitle, row.description, row.category][Math.floor(random() * 4)];
      const words = source.split(/\s+/).filter(Boolean);
      const start = Math.floor(random() * words.length);
      const q = words.slice(start, start + 1 + Math.floor(random() * 3)).join(' ');
      // Each query finds at least the product it was taken from, when that one is active.
      const n = await expectRule(q);
      if (row.isActive) expect(n, q).toBeGreaterThan(0);
    }
  });
});

describe('a search finds the products that every one of its words finds', () => {
  test('a short word beside a longer one narrows exactly as it matches alone', async () => {
    // A word of one or two letters (or a loose form that short) is matched by LIKE beside a
    // narrower word, and alone through the word indexes (decision 079): the two must agree.
    for (const q of [
      'basmati ch',
      'rice k',
      'premium 5',
      'चामल क',
      'oil ma',
      'pack of 6',
      'soap pa',
      'lal kg',
    ]) {
      const words = q.split(' ');
      const alone = await Promise.all(words.map(async (w) => new Set((await searchAll(w)).ids)));
      const expected = [...alone[0]].filter((id) => alone.every((ids) => ids.has(id))).sort((a, b) => a - b);
      const found = await searchAll(q);
      expect(
        [...found.ids].sort((a, b) => a - b),
        q,
      ).toEqual(expected);
      // Not vacuous: some products match every word.
      expect(expected.length, q).toBeGreaterThan(0);
    }
  });
});

describe('the search text follows every change', () => {
  const titles = async (q: string) => (await searchAll(q)).ids;

  test('a product’s new title, description or category is found at once', async () => {
    const [target] = rows.filter((r) => r.isActive);
    await t.db.update(products).set({ title: 'Zanzibar Clove Tea' }).where(eq(products.id, target.id));
    expect(await titles('zanzibar clove')).toEqual([target.id]);
    await t.db
      .update(products)
      .set({ description: 'Picked near Quixotic hills' })
      .where(eq(products.id, target.id));
    expect(await titles('quixotic')).toEqual([target.id]);
    const [eggs] = await t.db.select().from(categories).where(eq(categories.slug, 'eggs'));
    await t.db.update(products).set({ categoryId: eggs.id }).where(eq(products.id, target.id));
    expect(await titles('zanzibar eggs')).toEqual([target.id]);
  });

  test('renaming a category re-derives its products’ text', async () => {
    const [tea] = await t.db.select().from(categories).where(eq(categories.slug, 'tea'));
    const teaProducts = rows.filter((r) => r.category === tea.title && r.isActive).length;
    expect(teaProducts).toBeGreaterThan(0);
    await t.db.update(categories).set({ title: 'Chiya Corner' }).where(eq(categories.id, tea.id));
    rows = await readCatalogue();
    expect(await expectRule('chiya corner')).toBe(teaProducts);
  });

  test('a stale value written by hand is replaced', async () => {
    const [target] = rows.filter((r) => r.isActive);
    await t.db.update(products).set({ searchText: 'bogus words' }).where(eq(products.id, target.id));
    expect(await titles('bogus')).toEqual([]);
    const [row] = await t.db
      .select({ ok: sql<boolean>`${products.searchText} like ${`%${target.title.toLowerCase()}%`}` })
      .from(products)
      .where(eq(products.id, target.id));
    expect(row.ok).toBe(true);
  });
});
