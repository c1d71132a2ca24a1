import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCategory, createProduct } from '../../test/factories';

// The catalogue answers through the response cache, with a short freshness bound for the test.
const BOUND_MS = 400;

let t: TestApp;
let categoryId: number;
let productId: number;
const API = '/api/ecommerce';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${API}${url}`, headers });

beforeAll(async () => {
  t = await buildTestApp({ CATALOGUE_CACHE_MS: String(BOUND_MS) });
  categoryId = (await createCategory(t.db, { title: 'Tea', slug: 'tea' })).id;
  for (let i = 0; i < 30; i += 1) {
    const row = await createProduct(t.db, {
      title: `Ilam Tea ${i}`,
      slug: `ilam-tea-${i}`,
      description: 'Orthodox leaf tea from the hills of Ilam, picked in spring. '.repeat(3),
      categoryId,
    });
    productId ??= row.id;
  }
});

afterAll(async () => {
  await t?.close();
});

const cachedUrls = () => [
  '/home/data/',
  `/category/product/${categoryId}`,
  '/product/detail/ilam-tea-0/',
  '/products?q=ilam%20tea',
  '/today/special/',
  '/list/for/you/',
  '/category/all',
  '/banner/',
  '/flash-sale/',
];

describe('validators and caching headers', () => {
  test('every cached answer carries an ETag, a public no-cache Cache-Control and Vary', async () => {
    for (const url of cachedUrls()) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toMatch(/^W\/".+"$/);
      expect(res.headers['cache-control'], url).toBe('public, no-cache');
      expect(res.headers.vary, url).toContain('accept-encoding');
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      // The security headers are still there.
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  test('If-None-Match with the current ETag is a 304 without a body', async () => {
    const first = await get(`/category/product/${categoryId}`);
    const etag = String(first.headers.etag);
    const again = await get(`/category/product/${categoryId}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, no-cache');
    const other = await get(`/category/product/${categoryId}`, { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  test('errors are not cached and carry no cache headers', async () => {
    const res = await get('/product/detail/no-such-tea/');
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).not.toBe('public, no-cache');
  });
});

describe('compression', () => {
  test('brotli, gzip and plain answers decode to the same JSON', async () => {
    for (const url of ['/home/data/', `/category/product/${categoryId}`, '/product/detail/ilam-tea-0/']) {
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding'], url).toBe('br');
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), url).toEqual(plain.json());
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString()), url).toEqual(plain.json());
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
      expect(Number(br.headers['content-length']), url).toBe(br.rawPayload.length);
      // One representation, three encodings: the same validator.
      expect(br.headers.etag, url).toBe(plain.headers.etag);
    }
  });
});

describe('freshness bound', () => {
  test('a change in the database shows in every cached answer once the bound has passed', async () => {
    const before = {
      detail: (await get('/product/detail/ilam-tea-0/')).json().data.product,
      category: await get(`/category/product/${categoryId}`),
      search: await get('/products?q=ilam%20tea'),
    };
    expect(before.detail.selling_price).toBe(180);

    await t.db
      .update(products)
      .set({ sellingPrice: 12_345, title: 'Ilam Tea 0 (new harvest)' })
      .where(eq(products.id, productId));
    const changedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, BOUND_MS + 20));

    const detail = (await get('/product/detail/ilam-tea-0/')).json().data.product;
    expect(detail).toMatchObject({ selling_price: 123.45, title: 'Ilam Tea 0 (new harvest)' });
    const category = await get(`/category/product/${categoryId}`, {
      'if-none-match': String(before.category.headers.etag),
    });
    // The old ETag no longer matches: the client gets the new list.
    expect(category.statusCode).toBe(200);
    expect(category.json().results.find((p: { id: number }) => p.id === productId).selling_price).toBe(
      123.45,
    );
    const search = (await get('/products?q=ilam%20tea')).json();
    expect(search.results.find((p: { id: number }) => p.id === productId).title).toBe(
      'Ilam Tea 0 (new harvest)',
    );
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(BOUND_MS);
  });

  test('within the bound the answer is served from memory; clear() forgets it', async () => {
    // An app with a bound far longer than the test, so that "at once" cannot be mistaken.
    const slow = await buildTestApp({ CATALOGUE_CACHE_MS: '60000' });
    try {
      const row = await createProduct(slow.db, { title: 'Kanyam Tea', slug: 'kanyam-tea' });
      const ask = async () =>
        (await slow.app.inject({ method: 'GET', url: `${API}/product/detail/kanyam-tea/` })).json().data
          .product;
      expect((await ask()).title).toBe('Kanyam Tea');
      await slow.db.update(products).set({ title: 'Kanyam Tea renamed' }).where(eq(products.id, row.id));
      expect((await ask()).title).toBe('Kanyam Tea');
      slow.app.catalogueCache.clear();
      expect((await ask()).title).toBe('Kanyam Tea renamed');
    } finally {
      await slow.close();
    }
  });
});
