import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCategory, createFlashSale, createProduct } from '../../test/factories';

// Sort and filters of the search and category lists (issue 22, decision 041), through HTTP.

let t: TestApp;
const API = '/api/ecommerce';

interface ListBody {
  count: number;
  next: string | null;
  results: { id: number; title: string; selling_price: number }[];
  brands?: { brand: string; count: number }[];
}

async function list(url: string): Promise<ListBody> {
  const res = await t.app.inject({ method: 'GET', url: url.startsWith('/api/') ? url : `${API}${url}` });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

const titles = async (url: string) => (await list(url)).results.map((p) => p.title);

let grains: { id: number };

// Rice in a Grains > Rice aisle, and one rice product on the parent; prices in paisa.
beforeAll(async () => {
  t = await buildTestApp();
  grains = await createCategory(t.db, { title: 'Grains', slug: 'grains' });
  const aisle = await createCategory(t.db, { title: 'Rice', slug: 'rice-aisle', parentId: grains.id });
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  const rice = (title: string, fields: Parameters<typeof createProduct>[1]) =>
    createProduct(t.db, { title, categoryId: aisle.id, ...fields });
  await rice('Basmati Rice', {
    brand: 'Himalayan',
    markedPrice: 30_000,
    sellingPrice: 30_000,
    stock: 5,
    soldCount: 10,
    createdAt: day(1),
  });
  await rice('Jeera Rice', {
    brand: 'Gyan',
    markedPrice: 20_000,
    sellingPrice: 15_000,
    stock: 0,
    soldCount: 50,
    createdAt: day(2),
  });
  const brown = await rice('Brown Rice', {
    brand: 'Himalayan',
    markedPrice: 22_000,
    sellingPrice: 22_000,
    stock: 3,
    soldCount: 5,
    createdAt: day(3),
  });
  // On sale only through a flash sale: it sells at Rs 180 now.
  await createFlashSale(t.db, brown.id, { discountedPrice: 18_000 });
  await rice('Sona Mansuli Rice', {
    brand: 'Gyan',
    markedPrice: 12_000,
    sellingPrice: 9_950,
    stock: 8,
    soldCount: 0,
    createdAt: day(4),
  });
  await createProduct(t.db, {
    title: 'Rice Flour',
    categoryId: grains.id,
    brand: '',
    markedPrice: 8_000,
    sellingPrice: 8_000,
    stock: 2,
    soldCount: 20,
    createdAt: day(5),
  });
  await rice('Red Rice', { brand: 'Gyan', isActive: false, markedPrice: 1_000, sellingPrice: 1_000 });
  await createProduct(t.db, { title: 'Mustard Oil', brand: 'Dhara', sellingPrice: 5_000 });
});

afterAll(async () => {
  await t?.close();
});

describe('search filters', () => {
  test('in_stock leaves out what is sold out, and the count follows', async () => {
    const all = await list('/products?q=rice');
    expect(all.count).toBe(5);
    const body = await list('/products?q=rice&in_stock=true');
    expect(body.count).toBe(4);
    expect(body.results.map((p) => p.title)).not.toContain('Jeera Rice');
    expect((await list('/products?q=rice&in_stock=false')).count).toBe(5);
  });

  test('on_sale keeps products below their marked price, a running flash sale included', async () => {
    expect((await titles('/products?q=rice&on_sale=true&sort=price_asc')).sort()).toEqual([
      'Brown Rice',
      'Jeera Rice',
      'Sona Mansuli Rice',
    ]);
  });

  test('a price range in rupees is inclusive and exact to the paisa, at the price paid now', async () => {
    expect(await titles('/products?q=rice&min_price=99.5&max_price=180&sort=price_asc')).toEqual([
      'Sona Mansuli Rice',
      'Jeera Rice',
      'Brown Rice',
    ]);
    expect(await titles('/products?q=rice&min_price=99.51&max_price=179.99&sort=price_asc')).toEqual([
      'Jeera Rice',
    ]);
    expect((await list('/products?q=rice&max_price=79.99')).count).toBe(0);
  });

  test('brand takes one or several brands', async () => {
    expect((await titles('/products?q=rice&brand=Gyan')).sort()).toEqual(['Jeera Rice', 'Sona Mansuli Rice']);
    const both = await list('/products?q=rice&brand=Gyan&brand=Himalayan');
    expect(both.count).toBe(4);
    expect((await list('/products?q=rice&brand=Nobody')).count).toBe(0);
  });

  test('page 1 lists the brands of the matches with counts, other filters applied, the brand filter not', async () => {
    expect((await list('/products?q=rice')).brands).toEqual([
      { brand: 'Gyan', count: 2 },
      { brand: 'Himalayan', count: 2 },
    ]);
    expect((await list('/products?q=rice&brand=Gyan&in_stock=true')).brands).toEqual([
      { brand: 'Himalayan', count: 2 },
      { brand: 'Gyan', count: 1 },
    ]);
    // The same lists whichever way the page is found: the brands are counted in its statement.
    const all = [
      { brand: 'Gyan', count: 2 },
      { brand: 'Himalayan', count: 2 },
    ];
    expect((await list('/products?q=rice&page_size=2')).brands).toEqual(all); // whole title words
    expect((await list('/products?q=ric')).brands).toEqual(all); // the start of a title word
    expect((await list('/products?q=rice&sort=price_asc')).brands).toEqual(all); // sorted
    expect((await list('/products?q=rice&in_stock=true')).brands).toEqual([
      { brand: 'Himalayan', count: 2 },
      { brand: 'Gyan', count: 1 },
    ]);
    expect((await list('/products?q=rice&page=2&page_size=2')).brands).toBeUndefined();
  });
});

describe('search sorts', () => {
  test('relevance is the default', async () => {
    expect(await titles('/products?q=rice&sort=relevance')).toEqual(await titles('/products?q=rice'));
  });

  test('price low to high and high to low, at the price paid now', async () => {
    const up = (await list('/products?q=rice&sort=price_asc')).results;
    expect(up.map((p) => p.selling_price)).toEqual([80, 99.5, 150, 180, 300]);
    const down = (await list('/products?q=rice&sort=price_desc')).results;
    expect(down.map((p) => p.selling_price)).toEqual([300, 180, 150, 99.5, 80]);
  });

  test('newest first and best selling first', async () => {
    expect(await titles('/products?q=rice&sort=newest')).toEqual([
      'Rice Flour',
      'Sona Mansuli Rice',
      'Brown Rice',
      'Jeera Rice',
      'Basmati Rice',
    ]);
    expect(await titles('/products?q=rice&sort=best_selling')).toEqual([
      'Jeera Rice',
      'Rice Flour',
      'Basmati Rice',
      'Brown Rice',
      'Sona Mansuli Rice',
    ]);
  });

  test('a search without words sorts and filters the whole catalogue', async () => {
    expect(await titles('/products?in_stock=true&max_price=100&sort=price_desc')).toEqual([
      'Sona Mansuli Rice',
      'Rice Flour',
      'Mustard Oil',
    ]);
  });

  test('the next links keep the sort and filters, and the pages add up to the filtered list once', async () => {
    const first = await list(
      '/products?q=rice&in_stock=true&sort=price_asc&brand=Gyan&brand=Himalayan&page_size=2',
    );
    expect(first.next).toBe(
      `${API}/products?q=rice&sort=price_asc&brand=Gyan&brand=Himalayan&in_stock=true&page=2&page_size=2`,
    );
    const second = await list(first.next!);
    expect(second.next).toBeNull();
    expect([...first.results, ...second.results].map((p) => p.title)).toEqual([
      'Sona Mansuli Rice',
      'Brown Rice',
      'Basmati Rice',
    ]);
  });
});

describe('category sort and filters', () => {
  test('title order unless sorted; the subcategories and the filters apply together', async () => {
    const path = () => `/category/product/${grains.id}`;
    expect(await titles(path())).toEqual([
      'Basmati Rice',
      'Brown Rice',
      'Jeera Rice',
      'Rice Flour',
      'Sona Mansuli Rice',
    ]);
    expect(await titles(`${path()}?in_stock=true&sort=price_asc`)).toEqual([
      'Rice Flour',
      'Sona Mansuli Rice',
      'Brown Rice',
      'Basmati Rice',
    ]);
    expect(await titles(`${path()}?sort=price_desc&on_sale=true`)).toEqual([
      'Brown Rice',
      'Jeera Rice',
      'Sona Mansuli Rice',
    ]);
    expect(await titles(`${path()}?sort=newest&min_price=100`)).toEqual([
      'Brown Rice',
      'Jeera Rice',
      'Basmati Rice',
    ]);
    expect(await titles(`${path()}?sort=best_selling&brand=Gyan`)).toEqual([
      'Jeera Rice',
      'Sona Mansuli Rice',
    ]);
  });

  test('page 1 lists the brands with counts; the next link keeps the filters', async () => {
    const body = await list(`/category/product/${grains.id}?on_sale=true&page_size=1&sort=price_asc`);
    expect(body.count).toBe(3);
    expect(body.brands).toEqual([
      { brand: 'Gyan', count: 2 },
      { brand: 'Himalayan', count: 1 },
    ]);
    expect(body.next).toBe(
      `${API}/category/product/${grains.id}?sort=price_asc&on_sale=true&page=2&page_size=1`,
    );
  });
});

describe('bad sort and filter values are a 400 with a message', () => {
  test.each([
    ['/products?q=rice&sort=cheapest', /sort must be one of: relevance, price_asc/],
    [`/category/product/1?sort=relevance`, /sort must be one of: title, price_asc/],
    ['/products?min_price=-1', /min_price must be an amount in rupees/],
    ['/products?min_price=1e3', /min_price must be an amount in rupees/],
    ['/products?max_price=12.345', /max_price must be an amount in rupees/],
    ['/products?max_price=', /max_price must be an amount in rupees/],
    ['/products?max_price=100000001', /max_price must be an amount in rupees/],
    ['/products?min_price=200&max_price=100', /max_price cannot be less than min_price/],
    ['/products?on_sale=yes', /on_sale must be true or false/],
    ['/products?in_stock=1', /in_stock must be true or false/],
    ['/products?brand=', /brand must not be blank/],
    ['/products?brand=Gyan&brand=%20', /brand must not be blank/],
    [`/products?${Array.from({ length: 21 }, (_, i) => `brand=b${i}`).join('&')}`, /At most 20 brands/],
  ])('%s', async (url, message) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}${url}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});
