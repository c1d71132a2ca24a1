import { HOME_ROW_SIZE, PAGE_SIZE_DEFAULT } from '@pasal/contract/catalogue';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCategory, createProduct } from '../../test/factories';

let t: TestApp;
const API = '/api/ecommerce';
const get = (url: string) =>
  t.app.inject({ method: 'GET', url: url.startsWith('/api/') ? url : `${API}${url}` });

interface PageBody {
  count: number;
  page: number;
  page_size: number;
  next: string | null;
  previous: string | null;
  results: { id: number; title: string }[];
}

// A department with two aisles: 13 products in the first, 9 in the second and 3 on the
// department itself (25 in all), plus an inactive one that no list may show.
let department: { id: number };
let aisleA: { id: number };
const expectedIds: number[] = [];
const titleOf = (n: number) => `Item ${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  t = await buildTestApp();
  department = await createCategory(t.db, { title: 'Department', slug: 'department', position: 1 });
  aisleA = await createCategory(t.db, { title: 'Aisle A', slug: 'aisle-a', parentId: department.id });
  const aisleB = await createCategory(t.db, { title: 'Aisle B', slug: 'aisle-b', parentId: department.id });
  // Titles interleave the aisles, so only a database-wide title order puts them right.
  for (let n = 1; n <= 25; n += 1) {
    const categoryId = n % 8 === 0 ? department.id : n % 3 === 0 ? aisleB.id : aisleA.id;
    const row = await createProduct(t.db, {
      title: titleOf(n),
      slug: `item-${n}`,
      categoryId,
      isTodaySpecial: n <= 14,
      isNewArrival: n > 10,
      createdAt: new Date(Date.UTC(2026, 0, n)),
    });
    expectedIds.push(row.id);
  }
  await createProduct(t.db, { title: 'Item 00 hidden', categoryId: aisleA.id, isActive: false });
});

afterAll(async () => {
  await t?.close();
});

/** Follows `next` from the first page and gathers every page. */
async function walk(firstUrl: string): Promise<PageBody[]> {
  const pages: PageBody[] = [];
  let url: string | null = firstUrl;
  while (url) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    const body = res.json() as PageBody;
    pages.push(body);
    url = body.next;
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

describe('category products', () => {
  test('pages hold page_size products each, in title order, and together the whole category once', async () => {
    const pages = await walk(`/category/product/${department.id}?page_size=10`);
    expect(pages.map((p) => p.results.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => p.count)).toEqual([25, 25, 25]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(expectedIds);
    expect(pages[0].previous).toBeNull();
    expect(pages[1].previous).toBe(`${API}/category/product/${department.id}?page=1&page_size=10`);
    expect(pages[0].next).toBe(`${API}/category/product/${department.id}?page=2&page_size=10`);
  });

  test('without parameters the first page holds the default number of products', async () => {
    const body = (await get(`/category/product/${department.id}`)).json() as PageBody;
    expect(body).toMatchObject({ count: 25, page: 1, page_size: PAGE_SIZE_DEFAULT });
    expect(body.results.map((r) => r.id)).toEqual(expectedIds.slice(0, PAGE_SIZE_DEFAULT));
    expect(body.next).toBe(`${API}/category/product/${department.id}?page=2&page_size=${PAGE_SIZE_DEFAULT}`);
  });

  test('a subcategory lists only its own products', async () => {
    const pages = await walk(`/category/product/${aisleA.id}?page_size=100`);
    const titles = pages.flatMap((p) => p.results.map((r) => r.title));
    expect(titles).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1)
        .filter((n) => n % 8 !== 0 && n % 3 !== 0)
        .map(titleOf),
    );
    expect(pages[0].count).toBe(titles.length);
  });

  test('a page size that divides the count exactly ends without an empty page', async () => {
    const pages = await walk(`/category/product/${department.id}?page_size=5`);
    expect(pages.map((p) => p.results.length)).toEqual([5, 5, 5, 5, 5]);
    expect(pages[4].next).toBeNull();
  });

  test('a page past the end is empty and points back to the last page', async () => {
    const res = await get(`/category/product/${department.id}?page=9&page_size=10`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      count: 25,
      page: 9,
      results: [],
      next: null,
      previous: `${API}/category/product/${department.id}?page=3&page_size=10`,
    });
  });

  test('bad page numbers and sizes are 400s that name the parameter', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=',
      'page=10001',
      'page_size=0',
      'page_size=101',
      'page_size=x',
    ]) {
      const res = await get(`/category/product/${department.id}?${query}`);
      expect(res.statusCode, query).toBe(400);
      const name = query.split('=')[0];
      expect(res.json().message, query).toContain(name);
    }
  });
});

describe('search and the offer lists', () => {
  test('search pages carry the query in their links and count every match', async () => {
    const pages = await walk('/products?q=item&page_size=7');
    expect(pages.map((p) => p.results.length)).toEqual([7, 7, 7, 4]);
    expect(pages[0].count).toBe(25);
    expect(pages[0].next).toBe(`${API}/products?q=item&page=2&page_size=7`);
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(expectedIds);
  });

  test('limit is the older name of page_size; page_size wins when both are given', async () => {
    expect((await get('/products?q=item&limit=3')).json().results).toHaveLength(3);
    expect((await get('/products?q=item&limit=3&page_size=5')).json().results).toHaveLength(5);
    expect((await get('/products?q=item&limit=101')).statusCode).toBe(400);
  });

  test('Today Special pages by title; New Arrivals newest first', async () => {
    const special = await walk('/today/special/?page_size=6');
    expect(special[0].count).toBe(14);
    expect(special.flatMap((p) => p.results.map((r) => r.id))).toEqual(expectedIds.slice(0, 14));
    const arrivals = await walk('/list/for/you/?page_size=6');
    expect(arrivals[0].count).toBe(15);
    expect(arrivals.flatMap((p) => p.results.map((r) => r.id))).toEqual(expectedIds.slice(10).reverse());
  });
});

describe('home data', () => {
  test('each category row, Today Special and New Arrivals hold at most a row’s worth of products', async () => {
    const { data } = (await get('/home/data/')).json();
    const row = data.categories.find((c: { id: number }) => c.id === department.id);
    // The first products of the department by title, its aisles' included.
    expect(row.products.map((p: { id: number }) => p.id)).toEqual(expectedIds.slice(0, HOME_ROW_SIZE));
    expect(data.today_special.map((p: { id: number }) => p.id)).toEqual(expectedIds.slice(0, HOME_ROW_SIZE));
    expect(data.new_arrival.map((p: { id: number }) => p.id)).toEqual(
      expectedIds.slice(10).reverse().slice(0, HOME_ROW_SIZE),
    );
  });
});
