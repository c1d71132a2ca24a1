import type { AdminProduct } from '@pasal/contract/admin-products';
import type { Product, ProductDetail, ProductList } from '@pasal/contract/catalogue';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { productSizeGroups, products } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCategory, createFlashSale, createProduct } from '../../test/factories';
import { call, newShopper, type Shopper } from '../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../test/staff';
import { SIZE_OF_ITSELF } from '../admin/products/size-groups';

// Pack sizes (docs/decisions/052): staff group products as sizes of one item; the product page
// lists the sizes; every product carries an exact unit price.

let t: TestApp;
let staff: StaffMember;
let shopper: Shopper;
let categoryId: number;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await newStaff(t.app, t.db);
  shopper = await newShopper(t.app, t.db);
  categoryId = (await createCategory(t.db, { title: 'Ghee' })).id;
});
afterAll(async () => {
  await t.close();
});

const product = (unit: string, sellingPrice: number, overrides: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(t.db, { categoryId, unit, sellingPrice, markedPrice: sellingPrice, ...overrides });

async function detail(slug: string) {
  const answer = await call(t.app, 'GET', `/product/detail/${slug}/`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ProductDetail>().data;
}

async function versionOf(id: number): Promise<number> {
  const answer = await admin(t.app, 'GET', `/products/${id}/`, { as: staff });
  return answer.json<{ product: AdminProduct }>().product.version;
}

async function sizesOf(id: number, sizesOf: number | null, as: StaffMember | Shopper = staff) {
  return admin(t.app, 'PATCH', `/products/${id}/`, {
    as,
    payload: { version: await versionOf(id), sizes_of: sizesOf },
  });
}

async function auditOf(productId: number) {
  const answer = await admin(t.app, 'GET', `/audit/?entity=product&entity_id=${productId}`, { as: staff });
  expect(answer.statusCode).toBe(200);
  return answer.json().results as { before: object | null; after: object | null; note: string | null }[];
}

async function groupCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(productSizeGroups);
  return Number(row.n);
}

describe('unit prices', () => {
  test('every product carries its price per kg, L or piece, exact to the paisa', async () => {
    const rice = await product('25 kg', 255_000);
    const ghee = await product('500 ml', 55_000);
    const oil = await product('1.5 L', 32_000);
    const eggs = await product('tray of 30', 45_000);
    const greens = await product('bunch', 4_000);
    const answer = await call(t.app, 'GET', `/category/product/${categoryId}?page_size=100`);
    expect(answer.statusCode, answer.body).toBe(200);
    const byId = new Map(answer.json<ProductList>().results.map((p: Product) => [p.id, p.unit_price]));
    expect(byId.get(rice.id)).toEqual({ amount: 102, per: 'kg' });
    expect(byId.get(ghee.id)).toEqual({ amount: 1100, per: 'l' });
    // 320 / 1.5 = 213.333…: rounded to the paisa, never a long float.
    expect(byId.get(oil.id)).toEqual({ amount: 213.33, per: 'l' });
    expect(byId.get(eggs.id)).toEqual({ amount: 15, per: 'piece' });
    expect(byId.get(greens.id)).toBeNull();
  });

  test('a running flash sale prices the unit price too', async () => {
    const ghee = await product('500 ml', 60_000);
    await createFlashSale(t.db, ghee.id, { discountedPrice: 50_000 });
    const { product: shown } = await detail(ghee.slug);
    expect(shown.selling_price).toBe(500);
    expect(shown.unit_price).toEqual({ amount: 1000, per: 'l' });
  });
});

describe('size groups', () => {
  test('staff make a product a size of another; both pages list every size, smallest first', async () => {
    const big = await product('1 L', 110_000, { stock: 0 });
    const small = await product('500 ml', 58_000);
    const before = await t.db.select({ n: count() }).from(auditLog);

    const answer = await sizesOf(big.id, small.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const edited = answer.json<{ product: AdminProduct }>().product;
    expect(edited.size_group_id).not.toBeNull();
    expect(edited.sizes).toEqual([{ id: small.id, title: small.title, unit: '500 ml', is_active: true }]);

    for (const slug of [big.slug, small.slug]) {
      const { sizes } = await detail(slug);
      expect(sizes).toEqual([
        {
          id: small.id,
          slug: small.slug,
          size: '500 ml',
          selling_price: 580,
          unit_price: { amount: 1160, per: 'l' },
          in_stock: true,
        },
        {
          id: big.id,
          slug: big.slug,
          size: '1 L',
          selling_price: 1100,
          unit_price: { amount: 1100, per: 'l' },
          in_stock: false,
        },
      ]);
    }
    // Each size keeps its own price and stock.
    expect((await detail(big.slug)).product.selling_price).toBe(1100);
    expect((await detail(small.slug)).product.selling_price).toBe(580);

    // Audited: the product edited, and the one its group was made for.
    const after = await t.db.select({ n: count() }).from(auditLog);
    expect(Number(after[0].n)).toBe(Number(before[0].n) + 2);
    const [entry] = await auditOf(big.id);
    expect(entry.before).toMatchObject({ size_group_id: null, sizes: [] });
    expect(entry.after).toMatchObject({ size_group_id: edited.size_group_id, sizes: [small.id] });
    const [other] = await auditOf(small.id);
    expect(other).toMatchObject({
      before: { size_group_id: null },
      after: { size_group_id: edited.size_group_id },
      note: `Product ${big.id} was made a size of this one`,
    });
  });

  test('a third size joins the group; a product in no group lists no sizes', async () => {
    const one = await product('1 kg', 12_000);
    const five = await product('5 kg', 58_000);
    const twentyFive = await product('25 kg', 255_000);
    const alone = await product('10 kg', 100_000);
    expect((await sizesOf(five.id, one.id)).statusCode).toBe(200);
    expect((await sizesOf(twentyFive.id, five.id)).statusCode).toBe(200);
    const { sizes } = await detail(one.slug);
    expect(sizes.map((s) => [s.size, s.unit_price])).toEqual([
      ['1 kg', { amount: 120, per: 'kg' }],
      ['5 kg', { amount: 116, per: 'kg' }],
      ['25 kg', { amount: 102, per: 'kg' }],
    ]);
    expect((await detail(alone.slug)).sizes).toEqual([]);
  });

  test('a size taken off sale leaves the page’s sizes', async () => {
    const a = await product('200 g', 5_000);
    const b = await product('400 g', 9_000, { isActive: false });
    expect((await sizesOf(b.id, a.id)).statusCode).toBe(200);
    expect((await detail(a.slug)).sizes).toEqual([]);
  });

  test('ungrouping the second last size dissolves the group', async () => {
    const a = await product('1 L', 20_000);
    const b = await product('5 L', 90_000);
    expect((await sizesOf(b.id, a.id)).statusCode).toBe(200);
    const groups = await groupCount();

    const answer = await sizesOf(b.id, null);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ product: AdminProduct }>().product).toMatchObject({
      size_group_id: null,
      sizes: [],
    });
    expect(await groupCount()).toBe(groups - 1);
    const [left] = await t.db
      .select({ group: products.sizeGroupId })
      .from(products)
      .where(eq(products.id, a.id));
    expect(left.group).toBeNull();
    const [freed] = await auditOf(a.id);
    expect(freed).toMatchObject({
      after: { size_group_id: null },
      note: `Its last other size, product ${b.id}, left the group`,
    });
    expect((await detail(a.slug)).sizes).toEqual([]);
  });

  test('leaving a group of three keeps the other two together', async () => {
    const a = await product('100 g', 3_000);
    const b = await product('250 g', 7_000);
    const c = await product('500 g', 13_000);
    await sizesOf(b.id, a.id);
    await sizesOf(c.id, a.id);
    expect((await sizesOf(a.id, null)).statusCode).toBe(200);
    expect((await detail(b.slug)).sizes.map((s) => s.id)).toEqual([b.id, c.id]);
    expect((await detail(a.slug)).sizes).toEqual([]);
  });

  test('bad choices are field errors and change nothing', async () => {
    const a = await product('1 kg', 10_000);
    const groups = await groupCount();
    const self = await sizesOf(a.id, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: SIZE_OF_ITSELF, error: { sizes_of: [SIZE_OF_ITSELF] } });
    const missing = await sizesOf(a.id, 999_999);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { sizes_of: ['Product not found.'] } });
    const notAnId = await sizesOf(a.id, 'five' as unknown as number);
    expect(notAnId.statusCode).toBe(400);
    expect(await groupCount()).toBe(groups);
    expect(await versionOf(a.id)).toBe(1);
  });

  test('shoppers cannot group products', async () => {
    const a = await product('1 kg', 10_000);
    const b = await product('2 kg', 19_000);
    const groups = await groupCount();
    const answer = await admin(t.app, 'PATCH', `/products/${b.id}/`, {
      as: shopper,
      payload: { version: 1, sizes_of: a.id },
    });
    expect(answer.statusCode).toBe(403);
    expect(await groupCount()).toBe(groups);
    expect((await detail(a.slug)).sizes).toEqual([]);
  });
});
