import { STALE_EDIT } from '@pasal/contract/admin-common';
import {
  type AdminFlashSale,
  END_BEFORE_START,
  SALE_PRICE_NOT_BELOW,
  SALE_PRICE_POSITIVE,
} from '@pasal/contract/admin-flash-sales';
import type { CartList } from '@pasal/contract/cart';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { products } from '../../../db/schema/catalogue';
import { flashSales } from '../../../db/schema/marketing';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addCartLine, createProduct } from '../../../test/factories';
import { call, newShopper } from '../../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../../test/staff';

let t: TestApp;
let staff: StaffMember;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await newStaff(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
/** An instant as Nepal wall-clock text without an offset, as a datetime-local input gives it. */
function nepalLocal(at: Date): string {
  return new Date(at.getTime() + (5 * 60 + 45) * 60_000).toISOString().slice(0, 16);
}

async function create(payload: Record<string, unknown>): Promise<AdminFlashSale> {
  const answer = await admin(t.app, 'POST', '/flash-sales/', { as: staff, payload });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().flash_sale;
}

async function storefrontSales(): Promise<{ id: number; discounted_price: number }[]> {
  return (await call(t.app, 'GET', '/flash-sale/')).json().results.flash_sales;
}

describe('flash sales', () => {
  test('times are read and written in Nepal time; a running sale reaches the storefront and carts', async () => {
    const product = await createProduct(t.db, { markedPrice: 50_000, sellingPrice: 45_000 });
    const future = await create({
      product: product.id,
      sale_price: 399,
      starts_at: '2031-01-01T10:00',
      ends_at: '2031-01-02T10:00:00+05:45',
    });
    expect(future).toMatchObject({
      starts_at: '2031-01-01T10:00:00+05:45',
      ends_at: '2031-01-02T10:00:00+05:45',
      state: 'scheduled',
      sale_price: 399,
      product: { id: product.id, selling_price: 450 },
      version: 1,
    });
    const [row] = await t.db.select().from(flashSales).where(eq(flashSales.id, future.id));
    expect(row.startsAt.toISOString()).toBe('2031-01-01T04:15:00.000Z');
    expect(row.discountedPrice).toBe(39_900);

    const now = new Date();
    const running = await create({
      product: product.id,
      sale_price: 410.5,
      starts_at: nepalLocal(new Date(now.getTime() - HOUR)),
      ends_at: new Date(now.getTime() + HOUR).toISOString(),
    });
    expect(running.state).toBe('running');
    expect((await storefrontSales()).find((s) => s.id === running.id)?.discounted_price).toBe(410.5);
    const buyer = await newShopper(t.app, t.db);
    await addCartLine(t.db, buyer.id, product.id, 2);
    const cart = (await call(t.app, 'GET', '/cart/', { as: buyer })).json<CartList>().results[0];
    expect(cart.cart_products[0].rate).toBe(410.5);

    const off = await admin(t.app, 'PATCH', `/flash-sales/${running.id}/`, {
      as: staff,
      payload: { version: 1, is_active: false },
    });
    expect(off.json().flash_sale).toMatchObject({ state: 'inactive', version: 2 });
    expect((await storefrontSales()).find((s) => s.id === running.id)).toBeUndefined();
    const list = (
      await admin(t.app, 'GET', `/flash-sales/?product=${product.id}&state=inactive`, { as: staff })
    ).json();
    expect(list.results.map((s: AdminFlashSale) => s.id)).toEqual([running.id]);
    const [entry] = (
      await admin(t.app, 'GET', `/audit/?entity=flash_sale&entity_id=${running.id}`, { as: staff })
    ).json().results;
    expect(entry).toMatchObject({
      action: 'update',
      before: { is_active: true, version: 1 },
      after: { is_active: false, version: 2 },
    });
  });

  test('malformed sales are refused with a message and nothing is written', async () => {
    const product = await createProduct(t.db, { markedPrice: 20_000, sellingPrice: 18_000 });
    await create({
      product: product.id,
      sale_price: 150,
      starts_at: '2032-05-01T00:00',
      ends_at: '2032-05-10T00:00',
    });
    const [sales] = await t.db.select({ n: count() }).from(flashSales);
    const [audits] = await t.db.select({ n: count() }).from(auditLog);
    const base = {
      product: product.id,
      sale_price: 150,
      starts_at: '2032-06-01T00:00',
      ends_at: '2032-06-02T00:00',
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, ends_at: '2032-06-01T00:00' }, 'ends_at', END_BEFORE_START],
      [{ ...base, ends_at: '2032-05-31T23:00' }, 'ends_at', END_BEFORE_START],
      [{ ...base, sale_price: 180 }, 'sale_price', SALE_PRICE_NOT_BELOW('Rs 180')],
      [{ ...base, sale_price: 200 }, 'sale_price', SALE_PRICE_NOT_BELOW('Rs 180')],
      [{ ...base, sale_price: 0 }, 'sale_price', SALE_PRICE_POSITIVE],
      [{ ...base, sale_price: -10 }, 'sale_price', 'Sale price cannot be negative'],
      [{ ...base, sale_price: 99.999 }, 'sale_price', 'Sale price can have at most 2 decimals (paisa)'],
      [{ ...base, starts_at: '2032-02-30T10:00' }, 'starts_at', 'Start must be a date and time'],
      [{ ...base, starts_at: 'tomorrow' }, 'starts_at', 'Start must be a date and time'],
      [{ ...base, product: 999_999 }, 'product', 'Product not found.'],
      [
        { ...base, starts_at: '2032-05-09T00:00' },
        'starts_at',
        'This product already has a flash sale from 2032-05-01T00:00:00+05:45',
      ],
      [{ ...base, discounted_price: 1 }, 'non_field_errors', 'Unknown field: discounted_price'],
      [{ ...base, per_customer_limit: 0 }, 'per_customer_limit', 'Limit per customer must be at least 1'],
      [
        { ...base, per_customer_limit: 2.5 },
        'per_customer_limit',
        'Limit per customer must be a whole number',
      ],
      [{ ...base, per_customer_limit: '3' }, 'per_customer_limit', 'Limit per customer must be a number'],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await admin(t.app, 'POST', '/flash-sales/', { as: staff, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message, field).toContain(message);
    }
    expect((await t.db.select({ n: count() }).from(flashSales))[0].n).toBe(sales.n);
    expect((await t.db.select({ n: count() }).from(auditLog))[0].n).toBe(audits.n);
  });

  test('edits keep the rules on the whole sale, refuse a stale version, and can always switch a sale off', async () => {
    const product = await createProduct(t.db, { markedPrice: 30_000, sellingPrice: 25_000 });
    const sale = await create({
      product: product.id,
      sale_price: 200,
      starts_at: '2033-01-01T00:00',
      ends_at: '2033-01-05T00:00',
    });
    const before = await admin(t.app, 'PATCH', `/flash-sales/${sale.id}/`, {
      as: staff,
      payload: { version: 1, ends_at: '2032-12-31T00:00' },
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().error).toEqual({ ends_at: [END_BEFORE_START] });
    const dearer = await admin(t.app, 'PATCH', `/flash-sales/${sale.id}/`, {
      as: staff,
      payload: { version: 1, sale_price: 250 },
    });
    expect(dearer.statusCode).toBe(400);
    const moved = await admin(t.app, 'PATCH', `/flash-sales/${sale.id}/`, {
      as: staff,
      payload: { version: 1, sale_price: 199.99, ends_at: '2033-01-06T12:30' },
    });
    expect(moved.json().flash_sale).toMatchObject({
      sale_price: 199.99,
      ends_at: '2033-01-06T12:30:00+05:45',
      version: 2,
    });
    const stale = await admin(t.app, 'PATCH', `/flash-sales/${sale.id}/`, {
      as: staff,
      payload: { version: 1, sale_price: 100 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: STALE_EDIT, current: { sale_price: 199.99, version: 2 } });
    // The regular price drops below the sale price: the sale is pointless, but switching it off is fine.
    await t.db.update(products).set({ sellingPrice: 15_000 }).where(eq(products.id, product.id));
    const off = await admin(t.app, 'PATCH', `/flash-sales/${sale.id}/`, {
      as: staff,
      payload: { version: 2, is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const deleted = await admin(t.app, 'DELETE', `/flash-sales/${sale.id}/?version=3`, { as: staff });
    expect(deleted.statusCode).toBe(200);
    expect((await admin(t.app, 'GET', `/flash-sales/${sale.id}/`, { as: staff })).statusCode).toBe(404);
  });

  test('each sale has a limit per customer: 5 unless staff set another, and carts keep it', async () => {
    const product = await createProduct(t.db, { markedPrice: 30_000, sellingPrice: 25_000, stock: 100 });
    const now = Date.now();
    const sale = await create({
      product: product.id,
      sale_price: 199,
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + HOUR).toISOString(),
    });
    expect(sale.per_customer_limit).toBe(5);
    const changed = await admin(t.app, 'PATCH', `/flash-sales/${sale.id}/`, {
      as: staff,
      payload: { version: sale.version, per_customer_limit: 2 },
    });
    expect(changed.json().flash_sale).toMatchObject({ per_customer_limit: 2, version: sale.version + 1 });
    const [entry] = (
      await admin(t.app, 'GET', `/audit/?entity=flash_sale&entity_id=${sale.id}`, { as: staff })
    ).json().results;
    expect(entry).toMatchObject({ before: { per_customer_limit: 5 }, after: { per_customer_limit: 2 } });

    const buyer = await newShopper(t.app, t.db);
    const add = (quantity: number) =>
      call(t.app, 'POST', '/cart/add/', {
        as: buyer,
        payload: { cart_products: [{ product: product.id, quantity }] },
      });
    expect((await add(2)).statusCode).toBe(200);
    const third = await add(1);
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({
      message: 'You can buy at most 2 of this flash sale item.',
      product: product.id,
    });
  });

  test('a sale is shown by its product: the console sees the product’s Nepali title, blank when missing', async () => {
    const named = await createProduct(t.db, { markedPrice: 50_000, sellingPrice: 45_000 });
    const unnamed = await createProduct(t.db, { markedPrice: 50_000, sellingPrice: 45_000 });
    await t.db.update(products).set({ nepaliTitle: '' }).where(eq(products.id, unnamed.id));
    const window = { sale_price: 300, starts_at: '2032-01-01T10:00', ends_at: '2032-01-02T10:00' };
    const first = await create({ product: named.id, ...window });
    const second = await create({ product: unnamed.id, ...window });
    expect(first.product.nepali_title).toBe('उत्पादन');
    expect(second.product.nepali_title).toBe('');
    const listed = (await admin(t.app, 'GET', `/flash-sales/?product=${unnamed.id}`, { as: staff })).json();
    expect(listed.results.map((sale: AdminFlashSale) => sale.product.nepali_title)).toEqual(['']);
  });
});
