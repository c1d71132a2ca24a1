import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { answerIn, buildDocumentApp, preloads, shellIn } from '../../test/document-page';
import { createProduct } from '../../test/factories';
import { call } from '../../test/shopper';

// A product page's document carries the product's answer and its first picture's preload (decision 063).

let t: TestApp;

beforeAll(async () => {
  t = await buildDocumentApp();
});

afterAll(async () => {
  await t?.close();
});

const page = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });

describe("a product page's document", () => {
  test('carries the same answer as GET /product/detail/{slug}/ and preloads the picture the page shows first', async () => {
    const product = await createProduct(t.db, { title: 'Basmati Rice 5 kg' });
    const res = await page(`/detail/${product.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const api = (await call(t.app, 'GET', `/product/detail/${product.slug}/`)).json();
    expect(answerIn(res.body, `/api/ecommerce/product/detail/${product.slug}/`)).toEqual(api);
    expect(preloads(res.body)).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" href="/media/products/${product.slug}.webp">`,
    ]);
    // The shell shows that picture until the page's scripts have run.
    expect(shellIn(res.body)).toBe(
      `<div class="app-shell-picture" aria-hidden="true"><img src="/media/products/${product.slug}.webp" alt="" width="600" height="600" fetchpriority="high"></div>`,
    );
    // By id too, as the API answers it; and with the trailing slash.
    const byId = await page(`/detail/${product.id}/`);
    expect(answerIn(byId.body, `/api/ecommerce/product/detail/${product.id}/`)).toEqual(
      (await call(t.app, 'GET', `/product/detail/${product.id}/`)).json(),
    );
  });

  test('a slug that names no product gets the plain page (which shows its own "Product not found.")', async () => {
    for (const path of ['/detail/no-such-product', '/detail/bad%20slug!']) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).not.toContain('data-answer-of');
      expect(res.body, path).toContain('<div id="root"><!--pasal:document-shell--></div>');
    }
    // A missing file stays a 404, not the page.
    expect((await page('/detail/logo.png')).statusCode).toBe(404);
  });

  test('a title cannot end the block early, and the page is validated by ETag', async () => {
    const title = '</script><script>alert(1)</script> & $` "Dal"';
    const product = await createProduct(t.db, { title });
    const first = await page(`/detail/${product.slug}`, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const plain = await page(`/detail/${product.slug}`);
    expect(plain.body).not.toContain('<script>alert(1)');
    const answer = answerIn(plain.body, `/api/ecommerce/product/detail/${product.slug}/`) as {
      data: { product: { title: string } };
    };
    expect(answer.data.product.title).toBe(title);
    expect(plain.body.split('<title>Pasal</title>').length).toBe(2);
    const again = await page(`/detail/${product.slug}`, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
