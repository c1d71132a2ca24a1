import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products, reviews } from '../../db/schema/catalogue';
import { banners } from '../../db/schema/marketing';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCategory, createFlashSale, createProduct, createUser } from '../../test/factories';

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/ecommerce${url}` });

// A small catalogue built here so each assertion knows exactly what should come back.
let grocery: { id: number };
let rice: { id: number };
let snacks: { id: number };
let basmati: typeof products.$inferSelect;
let jeera: typeof products.$inferSelect;
let chips: typeof products.$inferSelect;
let soldOut: typeof products.$inferSelect;
let hidden: typeof products.$inferSelect;

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t;
  grocery = await createCategory(db, { title: 'Grocery', slug: 'grocery', isFeatured: true, position: 1 });
  rice = await createCategory(db, { title: 'Rice & Grains', slug: 'rice', parentId: grocery.id });
  snacks = await createCategory(db, { title: 'Snacks', slug: 'snacks', position: 2 });
  basmati = await createProduct(db, {
    slug: 'basmati-rice-5kg',
    title: 'Basmati Rice 5 kg',
    nepaliTitle: 'बासमती चामल ५ केजी',
    description: 'Long grain aromatic rice from the Terai.',
    categoryId: rice.id,
    markedPrice: 125_000,
    sellingPrice: 110_050,
    stock: 12,
    isOrganic: true,
    isTodaySpecial: true,
  });
  jeera = await createProduct(db, {
    slug: 'jeera-masino-rice-25kg',
    title: 'Jeera Masino Rice 25 kg',
    nepaliTitle: 'जीरा मसिनो चामल',
    description: 'Fine short grain rice.',
    categoryId: rice.id,
    isNewArrival: true,
  });
  chips = await createProduct(db, {
    slug: 'potato-chips',
    title: 'Potato Chips 50 g',
    nepaliTitle: 'आलु चिप्स',
    description: 'Salted, 100% potato',
    categoryId: snacks.id,
    markedPrice: 5_000,
    sellingPrice: 5_000,
  });
  soldOut = await createProduct(db, {
    slug: 'sold-out-dal',
    title: 'Masoor Dal 1 kg',
    categoryId: grocery.id,
    stock: 0,
  });
  hidden = await createProduct(db, {
    slug: 'hidden-item',
    title: 'Hidden Rice',
    categoryId: rice.id,
    isActive: false,
  });
  const reviewer = await createUser(db, { firstName: 'Sita', middleName: 'Kumari', lastName: 'Sharma' });
  await db
    .insert(reviews)
    .values({ productId: basmati.id, userId: reviewer.id, rating: 4, review: 'Smells lovely.' });
  await db.update(products).set({ ratingAverage: '4.00', ratingCount: 1 }).where(eq(products.id, basmati.id));
  await db.insert(banners).values([
    { title: 'Dashain offers', image: '/media/banners/1.webp', position: 1 },
    { title: 'Old banner', image: '/media/banners/0.webp', isActive: false },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('product JSON', () => {
  test('carries every Product field of the spec, with prices in rupees', async () => {
    const res = await get('/product/detail/basmati-rice-5kg/');
    expect(res.statusCode).toBe(200);
    const { product } = res.json().data;
    expect(product).toMatchObject({
      id: basmati.id,
      slug: 'basmati-rice-5kg',
      title: 'Basmati Rice 5 kg',
      nepali_title: 'बासमती चामल ५ केजी',
      marked_price: 1250,
      selling_price: 1100.5,
      price: 1100.5,
      discount_percentage: 12,
      total_available_quantity: 12,
      isOrganic: true,
      category: 'Rice & Grains',
      rating: 4,
      average_rating: 4,
      rating_count: 1,
      ratingCount: 1,
      image: '/media/products/basmati-rice-5kg.webp',
      primary_image: {
        image: '/media/products/basmati-rice-5kg.webp',
        thumbnail_image: '/media/products/basmati-rice-5kg-thumb.webp',
      },
    });
    expect(product.product_images).toHaveLength(1);
    expect(typeof product.short_description).toBe('string');
  });
});

describe('product detail', () => {
  test('has reviews with reviewer names and recommendations from the same category', async () => {
    const res = await get('/product/detail/basmati-rice-5kg/');
    const { reviews: list, recommended_products } = res.json().data;
    expect(list).toEqual([
      expect.objectContaining({
        rating: 4,
        review: 'Smells lovely.',
        user: { first_name: 'Sita', middle_name: 'Kumari', last_name: 'Sharma' },
      }),
    ]);
    expect(Number.isNaN(Date.parse(list[0].created_at))).toBe(false);
    const ids = recommended_products.map((p: { id: number }) => p.id);
    expect(ids).toContain(jeera.id);
    expect(ids).toContain(soldOut.id); // same top category
    expect(ids).not.toContain(basmati.id);
    expect(ids).not.toContain(chips.id);
    expect(ids).not.toContain(hidden.id);
  });

  test('accepts a numeric id in place of the slug', async () => {
    const res = await get(`/product/detail/${jeera.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.product.slug).toBe('jeera-masino-rice-25kg');
  });

  test('an unknown or inactive slug is a 404 whose detail says so', async () => {
    for (const slug of ['no-such-thing', 'hidden-item', '999999']) {
      const res = await get(`/product/detail/${slug}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Product not found.', message: 'Product not found.' });
    }
  });

  test('a malformed slug is a 400, never a 500', async () => {
    for (const slug of ['%27%3B%20drop%20table', 'a'.repeat(300), '99999999999999999999']) {
      const res = await get(`/product/detail/${slug}/`);
      expect(res.statusCode, slug).toBeLessThan(500);
      expect(res.statusCode, slug).toBeGreaterThanOrEqual(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('search', () => {
  const titles = async (q: string) => {
    const res = await get(`/products?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return res.json().results.map((p: { title: string }) => p.title);
  };

  test('every word must appear, in any case, in title, description or category', async () => {
    expect(await titles('RICE basmati')).toEqual(['Basmati Rice 5 kg']);
    expect(await titles('rice')).toEqual(['Basmati Rice 5 kg', 'Jeera Masino Rice 25 kg']);
    expect(await titles('terai grain')).toEqual(['Basmati Rice 5 kg']); // description
    expect(await titles('grains jeera')).toEqual(['Jeera Masino Rice 25 kg']); // category + title
    expect(await titles('rice chips')).toEqual([]);
  });

  test('matches the Nepali title', async () => {
    expect(await titles('चामल बासमती')).toEqual(['Basmati Rice 5 kg']);
  });

  test('LIKE wildcards are taken literally', async () => {
    expect(await titles('100%')).toEqual(['Potato Chips 50 g']);
    expect(await titles('%')).toEqual(['Potato Chips 50 g']);
    expect(await titles('_')).toEqual([]);
  });

  test('no query lists every active product; limit caps it', async () => {
    const all = await titles('');
    expect(all).toHaveLength(4);
    expect(all).not.toContain('Hidden Rice');
    const res = await get('/products?limit=2');
    expect(res.json().results).toHaveLength(2);
  });

  test('bad query parameters are 400 with a message', async () => {
    for (const url of [
      '/products?limit=0',
      '/products?limit=abc',
      `/products?q=${'x'.repeat(201)}`,
      '/products?q=a%00b',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('categories', () => {
  test('all categories nest their subcategories; featured only the featured', async () => {
    const all = (await get('/category/all')).json().data.results;
    expect(all.map((c: { title: string }) => c.title)).toEqual(['Grocery', 'Snacks']);
    expect(all[0].subcategories).toEqual([{ id: rice.id, title: 'Rice & Grains', slug: 'rice' }]);
    const featured = (await get('/category/featured')).json().data.results;
    expect(featured.map((c: { id: number }) => c.id)).toEqual([grocery.id]);
  });

  test('a parent category lists its subcategories’ products too', async () => {
    const res = await get(`/category/product/${grocery.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.category.title).toBe('Grocery');
    expect(body.results.map((p: { id: number }) => p.id).sort()).toEqual(
      [basmati.id, jeera.id, soldOut.id].sort(),
    );
    const sub = (await get(`/category/product/${rice.id}`)).json();
    expect(sub.results.map((p: { id: number }) => p.id).sort()).toEqual([basmati.id, jeera.id].sort());
  });

  test('unknown and malformed category ids', async () => {
    expect((await get('/category/product/987654')).statusCode).toBe(404);
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await get(`/category/product/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('home, lists, banners', () => {
  test('home data carries banners, today special, new arrivals and categories with products', async () => {
    const res = await get('/home/data/');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.banners).toEqual([
      { id: expect.any(Number), title: 'Dashain offers', image: '/media/banners/1.webp' },
    ]);
    expect(data.today_special.map((p: { id: number }) => p.id)).toEqual([basmati.id]);
    expect(data.new_arrival.map((p: { id: number }) => p.id)).toEqual([jeera.id]);
    const groceryRow = data.categories.find((c: { id: number }) => c.id === grocery.id);
    expect(groceryRow.products.map((p: { id: number }) => p.id).sort()).toEqual(
      [basmati.id, jeera.id, soldOut.id].sort(),
    );
  });

  test('today special, for-you and banners endpoints', async () => {
    expect((await get('/today/special/')).json().results.map((p: { id: number }) => p.id)).toEqual([
      basmati.id,
    ]);
    expect((await get('/list/for/you/')).json().results.map((p: { id: number }) => p.id)).toEqual([jeera.id]);
    expect((await get('/banner/')).json().data.results.map((b: { title: string }) => b.title)).toEqual([
      'Dashain offers',
    ]);
  });
});

describe('flash sales', () => {
  test('only running, active sales are listed, and their price is what the product costs now', async () => {
    const now = Date.now();
    const running = await createFlashSale(t.db, chips.id, { discountedPrice: 4_000 });
    await createFlashSale(t.db, jeera.id, {
      startsAt: new Date(now - 3 * 86_400_000),
      endsAt: new Date(now - 86_400_000),
    });
    await createFlashSale(t.db, soldOut.id, { isActive: false });
    await createFlashSale(t.db, basmati.id, {
      startsAt: new Date(now + 86_400_000),
      endsAt: new Date(now + 2 * 86_400_000),
    });

    const res = await get('/flash-sale/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Request succeeded');
    expect(body.results.flash_sales).toHaveLength(1);
    const [sale] = body.results.flash_sales;
    expect(sale).toMatchObject({
      id: running.id,
      discounted_price: 40,
      original_price: 50,
      product: { id: chips.id, slug: 'potato-chips', get_discount: 20, selling_price: 40 },
    });
    expect(sale.to_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const detail = (await get('/product/detail/potato-chips/')).json().data.product;
    expect(detail.selling_price).toBe(40);
    expect((await get('/product/detail/jeera-masino-rice-25kg/')).json().data.product.selling_price).toBe(
      180,
    );
  });
});

describe('server basics', () => {
  test('a malformed URL is a 400 with a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ecommerce/product/detail/abc%ZZ/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining('Bad request') });
  });

  test('unknown API paths are JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ecommerce/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toContain('Not found');
  });

  test('readiness checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  test('security headers are set and OpenAPI documents the catalogue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
    const spec = res.json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/ecommerce/products',
        '/api/ecommerce/product/detail/{slug}/',
        '/api/ecommerce/flash-sale/',
      ]),
    );
  });

  test('invalid JSON is a 400 with a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ecommerce/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
