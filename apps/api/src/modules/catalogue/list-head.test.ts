import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { productImages } from '../../db/schema/catalogue';
import type { TestApp } from '../../test/build-test-app';
import { buildDocumentApp, preloads, shellIn } from '../../test/document-page';
import { createCategory, createProduct } from '../../test/factories';
import { call } from '../../test/shopper';

// A category's or a search's document carries its first cards' pictures in the shell (decision 072).

let t: TestApp;

beforeAll(async () => {
  t = await buildDocumentApp();
});

afterAll(async () => {
  await t?.close();
});

const page = (path: string) => t.app.inject({ method: 'GET', url: path });

/** The shell's pictures, in order. */
const shellPictures = (html: string) => [...shellIn(html).matchAll(/<img src="([^"]*)"/g)].map((m) => m[1]);

const PLAIN_SHELL = '<div id="root"><!--pasal:document-shell--></div>';

/** The pictures the page's first two cards show (thumbnails, as the card picks them). */
const firstThumbnails = (answer: { results: { thumbnail: string | null }[] }) =>
  answer.results.slice(0, 2).map((p) => p.thumbnail);

describe("a category page's document", () => {
  test("shows the first two cards' pictures of GET /category/product/{id} in the shell", async () => {
    const category = await createCategory(t.db);
    const cherry = await createProduct(t.db, { title: 'Cherry 250 g', categoryId: category.id });
    const apple = await createProduct(t.db, { title: 'Apple 1 kg', categoryId: category.id });
    await createProduct(t.db, { title: 'Banana dozen', categoryId: category.id });
    const res = await page(`/viewallca/${category.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const api = (await call(t.app, 'GET', `/category/product/${category.id}?page=1`)).json();
    expect(shellPictures(res.body)).toEqual(firstThumbnails(api));
    expect(shellPictures(res.body)[0]).toBe(`/media/products/${apple.slug}-thumb.webp`);
    expect(shellIn(res.body)).toBe(
      '<div class="app-shell-rows app-shell-cards" aria-hidden="true">' +
        `<div class="app-shell-row app-shell-card"><img src="/media/products/${apple.slug}-thumb.webp" alt="" width="600" height="600" fetchpriority="high"></div>` +
        `<div class="app-shell-row app-shell-card"><img src="${api.results[1].thumbnail}" alt="" width="600" height="600" fetchpriority="high"></div>` +
        '</div>',
    );
    expect(res.body).not.toContain(cherry.slug);
    // The shell's <img> is the request; no preload is added besides.
    expect(preloads(res.body)).toEqual([]);
    // With the trailing slash too.
    expect(shellPictures((await page(`/viewallca/${category.id}/`)).body)).toEqual(firstThumbnails(api));
  });

  test('a product without a thumbnail shows the picture its card picks, written safely', async () => {
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, { title: 'Odd picture', categoryId: category.id });
    const odd = '/media/products/a"b<c>&d.webp';
    await t.db
      .update(productImages)
      .set({ thumbnail: '', image: odd })
      .where(eq(productImages.productId, product.id));
    const res = await page(`/viewallca/${category.id}`);
    expect(shellIn(res.body)).toContain('<img src="/media/products/a&#34;b&#60;c&#62;&#38;d.webp" alt=""');
    expect(res.body).not.toContain('a"b<c>');
  });

  test('a category that does not exist, an empty, sorted or filtered one gets the plain page', async () => {
    const empty = await createCategory(t.db);
    const full = await createCategory(t.db);
    await createProduct(t.db, { categoryId: full.id });
    const paths = [
      '/viewallca/999999',
      '/viewallca/not-a-number',
      '/viewallca/0',
      `/viewallca/${empty.id}`,
      // The page decides which sort and filters it keeps; it shows what it finds for them.
      `/viewallca/${full.id}?sort=price_desc`,
      `/viewallca/${full.id}?in_stock=true`,
      `/viewallca/${full.id}?brand=Nanglo`,
    ];
    for (const path of paths) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(PLAIN_SHELL);
    }
    // A missing file stays a 404, not the page.
    expect((await page('/viewallca/logo.png')).statusCode).toBe(404);
  });
});

describe("a search page's document", () => {
  test("shows the first two results' pictures of GET /products?q=… in the shell", async () => {
    await createProduct(t.db, { title: 'Quokkaberry Jam 200 g' });
    await createProduct(t.db, { title: 'Quokkaberry Juice 1 l' });
    await createProduct(t.db, { title: 'Quokkaberry Tea 100 g' });
    const res = await page('/search?query=%20quokkaberry%20');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const api = (await call(t.app, 'GET', '/products?q=quokkaberry&page=1')).json();
    expect(api.results).toHaveLength(3);
    expect(shellPictures(res.body)).toEqual(firstThumbnails(api));
    expect(shellIn(res.body)).toContain('<div class="app-shell-rows app-shell-cards" aria-hidden="true">');
  });

  test('a blank, refused, fruitless, sorted or filtered search gets the plain page', async () => {
    await createProduct(t.db, { title: 'Wombatnut Butter' });
    const paths = [
      '/search',
      '/search?query=',
      '/search?query=%20%20',
      `/search?query=${'a'.repeat(201)}`,
      '/search?query=a%00b',
      '/search?query=zzyzxnothing',
      '/search?query=wombatnut&sort=price_asc',
      '/search?query=wombatnut&on_sale=true',
    ];
    for (const path of paths) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(PLAIN_SHELL);
    }
    // The search itself is never written into the page.
    const res = await page('/search?query=wombatnut%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('alert(1)');
  });
});
