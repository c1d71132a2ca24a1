import { STALE_EDIT } from '@pasal/contract/admin-common';
import {
  type AdminProduct,
  type AdminProductPage,
  SELLING_ABOVE_MARKED,
  STOCK_ADJUSTMENT_ONE_OF,
  STOCK_NOT_IN_EDIT,
} from '@pasal/contract/admin-products';
import type { CartList } from '@pasal/contract/cart';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { products, stockMovements } from '../../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addCartLine, createCategory } from '../../../test/factories';
import { call, newShopper, type Shopper } from '../../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../../test/staff';
import { SLUG_TAKEN } from './product-service';
import { belowZero } from './stock-adjustments';

let t: TestApp;
let asha: StaffMember;
let bikash: StaffMember;
let shopper: Shopper;
let top: { id: number };
let sub: { id: number };

beforeAll(async () => {
  t = await buildTestApp();
  asha = await newStaff(t.app, t.db);
  bikash = await newStaff(t.app, t.db);
  shopper = await newShopper(t.app, t.db);
  top = await createCategory(t.db, { title: 'Staples' });
  sub = await createCategory(t.db, { title: 'Rice', parentId: top.id });
});
afterAll(async () => {
  await t.close();
});

const newProduct = (overrides: Record<string, unknown> = {}) => ({
  title: 'Jeera Masino Rice 5 kg',
  nepali_title: 'जीरा मसिनो चामल ५ केजी',
  category: sub.id,
  marked_price: 1050,
  selling_price: 999.5,
  stock: 40,
  ...overrides,
});

async function create(body: Record<string, unknown>, as = asha): Promise<AdminProduct> {
  const answer = await admin(t.app, 'POST', '/products/', { as, payload: body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ product: AdminProduct }>().product;
}

const patch = (id: number, payload: unknown, as = asha) =>
  admin(t.app, 'PATCH', `/products/${id}/`, { as, payload });

async function read(id: number): Promise<AdminProduct> {
  const answer = await admin(t.app, 'GET', `/products/${id}/`, { as: asha });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ product: AdminProduct }>().product;
}

async function auditOf(entityId: number) {
  const answer = await admin(t.app, 'GET', `/audit/?entity=product&entity_id=${entityId}`, { as: asha });
  expect(answer.statusCode).toBe(200);
  return answer.json().results as {
    action: string;
    staff: { id: number };
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    note: string | null;
  }[];
}

async function counts() {
  const [p] = await t.db.select({ n: count() }).from(products);
  const [a] = await t.db.select({ n: count() }).from(auditLog);
  const [m] = await t.db.select({ n: count() }).from(stockMovements);
  return { products: Number(p.n), audit: Number(a.n), movements: Number(m.n) };
}

describe('creating a product', () => {
  test('stores rupees as paisa, makes the slug from the title, records the initial stock and the audit entry', async () => {
    const product = await create(newProduct());
    expect(product).toMatchObject({
      slug: 'jeera-masino-rice-5-kg',
      title: 'Jeera Masino Rice 5 kg',
      nepali_title: 'जीरा मसिनो चामल ५ केजी',
      category_id: sub.id,
      category_title: 'Rice',
      marked_price: 1050,
      selling_price: 999.5,
      current_price: 999.5,
      stock: 40,
      low_stock_threshold: 10,
      stock_state: 'in_stock',
      is_active: true,
      is_organic: false,
      images: [],
      version: 1,
    });
    expect(product.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:45$/);
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect({ marked: row.markedPrice, selling: row.sellingPrice }).toEqual({
      marked: 105_000,
      selling: 99_950,
    });
    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id));
    expect(movements).toMatchObject([{ kind: 'initial', delta: 40, stockAfter: 40, staffId: asha.id }]);
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({ action: 'create', staff: { id: asha.id }, before: null });
    expect(entry.after).toMatchObject({
      title: 'Jeera Masino Rice 5 kg',
      selling_price: 999.5,
      stock: 40,
      version: 1,
    });
  });

  test('a taken title gets the next free slug; a taken slug sent on purpose is a field error', async () => {
    const first = await create(newProduct({ title: 'Dalle Khursani' }));
    const second = await create(newProduct({ title: 'Dalle  khursani!' }));
    const third = await create(newProduct({ title: 'Dalle Khursani', slug: '' }));
    expect([first.slug, second.slug, third.slug]).toEqual([
      'dalle-khursani',
      'dalle-khursani-2',
      'dalle-khursani-3',
    ]);
    const nepaliOnly = await create(newProduct({ title: 'गुन्द्रुक' }));
    expect(nepaliOnly.slug).toMatch(/^product(-\d+)?$/);
    const own = await create(newProduct({ title: 'Timur', slug: 'Timur-Sichuan-Pepper' }));
    expect(own.slug).toBe('timur-sichuan-pepper');
    const before = await counts();
    const taken = await admin(t.app, 'POST', '/products/', {
      as: asha,
      payload: newProduct({ slug: 'dalle-khursani' }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ message: SLUG_TAKEN, error: { slug: [SLUG_TAKEN] } });
    expect(await counts()).toEqual(before);
  });

  test('malformed products are refused with a message and nothing is written', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [newProduct({ marked_price: -1 }), 'marked_price', /cannot be negative/],
      [newProduct({ selling_price: -0.5 }), 'selling_price', /cannot be negative/],
      [newProduct({ selling_price: 1100 }), 'selling_price', new RegExp(SELLING_ABOVE_MARKED)],
      [newProduct({ selling_price: 10.555 }), 'selling_price', /at most 2 decimals/],
      [newProduct({ marked_price: '1050' }), 'marked_price', /must be a number/],
      [newProduct({ title: '   ' }), 'title', /Title is required/],
      [newProduct({ stock: -3 }), 'stock', /at least 0/],
      [newProduct({ stock: 2.5 }), 'stock', /whole number/],
      [newProduct({ slug: 'no spaces here' }), 'slug', /lowercase letters/],
      [newProduct({ category: 999_999 }), 'category', /Category not found/],
      [newProduct({ price: 1 }), 'non_field_errors', /Unknown field: price/],
      [newProduct({ low_stock_threshold: -1 }), 'low_stock_threshold', /at least 0/],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await admin(t.app, 'POST', '/products/', { as: asha, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message, field).toMatch(message);
      expect(Object.keys(answer.json().error ?? { [field]: [] }), field).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('editing a product', () => {
  test('changes the fields sent, raises the version and writes before and after to the audit log', async () => {
    const product = await create(newProduct({ title: 'Mustang Apple 1 kg', slug: 'mustang-apple' }));
    const answer = await patch(product.id, {
      version: 1,
      title: 'Mustang Apple (1 kg)',
      selling_price: 280,
      is_organic: true,
      low_stock_threshold: 5,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const edited = answer.json<{ product: AdminProduct }>().product;
    expect(edited).toMatchObject({
      title: 'Mustang Apple (1 kg)',
      slug: 'mustang-apple',
      selling_price: 280,
      marked_price: 1050,
      is_organic: true,
      low_stock_threshold: 5,
      version: 2,
    });
    expect(await read(product.id)).toEqual(edited);
    const [update] = await auditOf(product.id);
    expect(update).toMatchObject({ action: 'update', staff: { id: asha.id } });
    expect(update.before).toMatchObject({
      title: 'Mustang Apple 1 kg',
      selling_price: 999.5,
      is_organic: false,
      version: 1,
    });
    expect(update.after).toMatchObject({
      title: 'Mustang Apple (1 kg)',
      selling_price: 280,
      is_organic: true,
      version: 2,
    });
  });

  test('two staff edit version 3 of the same product: the second gets 409 with the first one’s change', async () => {
    const product = await create(newProduct({ title: 'Tokla Tea 500 g' }));
    for (const version of [1, 2]) {
      expect((await patch(product.id, { version, short_description: `v${version + 1}` })).statusCode).toBe(
        200,
      );
    }
    const seenByAsha = await read(product.id);
    const seenByBikash = await read(product.id);
    expect(seenByAsha.version).toBe(3);
    expect(seenByBikash.version).toBe(3);
    const first = await patch(product.id, { version: seenByAsha.version, selling_price: 330 }, asha);
    expect(first.statusCode).toBe(200);
    const second = await patch(
      product.id,
      { version: seenByBikash.version, selling_price: 345, title: 'Tokla' },
      bikash,
    );
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body.message).toBe(STALE_EDIT);
    expect(body.current).toMatchObject({
      id: product.id,
      selling_price: 330,
      title: 'Tokla Tea 500 g',
      version: 4,
    });
    expect(await read(product.id)).toMatchObject({
      selling_price: 330,
      title: 'Tokla Tea 500 g',
      version: 4,
    });
    const entries = await auditOf(product.id);
    expect(entries.filter((e) => e.staff.id === bikash.id)).toEqual([]);
  });

  test('the same race with both saves in flight at once: exactly one wins', async () => {
    const product = await create(newProduct({ title: 'Ghee 1 l' }));
    const answers = await Promise.all([
      patch(product.id, { version: 1, selling_price: 900 }, asha),
      patch(product.id, { version: 1, selling_price: 950 }, bikash),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().product;
    const loser = answers.find((a) => a.statusCode === 409)!.json();
    expect(loser.current).toMatchObject({ selling_price: winner.selling_price, version: 2 });
    expect((await read(product.id)).selling_price).toBe(winner.selling_price);
  });

  test('rules hold on the product as a whole, and refused edits change nothing', async () => {
    const product = await create(
      newProduct({ title: 'Basmati 1 kg', marked_price: 300, selling_price: 250 }),
    );
    const before = await counts();
    const above = await patch(product.id, { version: 1, selling_price: 301 });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({
      message: SELLING_ABOVE_MARKED,
      error: { selling_price: [SELLING_ABOVE_MARKED] },
    });
    const markedBelow = await patch(product.id, { version: 1, marked_price: 200 });
    expect(markedBelow.statusCode).toBe(400);
    expect(markedBelow.json().error).toEqual({ marked_price: [SELLING_ABOVE_MARKED] });
    const negative = await patch(product.id, { version: 1, marked_price: -5 });
    expect(negative.statusCode).toBe(400);
    const stock = await patch(product.id, { version: 1, stock: 99 });
    expect(stock.statusCode).toBe(400);
    expect(stock.json().message).toContain(STOCK_NOT_IN_EDIT);
    const noVersion = await patch(product.id, { title: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().message).toMatch(/version is required/);
    const unknownCategory = await patch(product.id, { version: 1, category: 999_999 });
    expect(unknownCategory.statusCode).toBe(400);
    expect(
      (await admin(t.app, 'PATCH', '/products/999999/', { as: asha, payload: { version: 1 } })).statusCode,
    ).toBe(404);
    expect(await read(product.id)).toMatchObject({
      marked_price: 300,
      selling_price: 250,
      stock: 40,
      version: 1,
    });
    expect(await counts()).toEqual(before);
  });

  test('an edit that changes nothing keeps the version and writes no audit entry', async () => {
    const product = await create(newProduct({ title: 'Salt 1 kg' }));
    const same = await patch(product.id, { version: 1, title: 'Salt 1 kg', selling_price: 999.5 });
    expect(same.statusCode).toBe(200);
    expect(same.json().product.version).toBe(1);
    expect((await auditOf(product.id)).map((e) => e.action)).toEqual(['create']);
  });
});

describe('the product list', () => {
  let listed: AdminProduct[];
  beforeAll(async () => {
    const other = await createCategory(t.db, { title: 'Snacks' });
    listed = [
      await create(
        newProduct({
          title: 'Wai Wai Chicken Noodles',
          category: other.id,
          marked_price: 25,
          selling_price: 20,
          stock: 0,
        }),
      ),
      await create(
        newProduct({
          title: 'Wai Wai Veg Noodles',
          category: other.id,
          marked_price: 25,
          selling_price: 22,
          stock: 4,
          is_organic: true,
        }),
      ),
      await create(
        newProduct({
          title: 'Chiura Beaten Rice',
          nepali_title: 'चिउरा',
          marked_price: 150,
          selling_price: 140,
          stock: 60,
          is_active: false,
        }),
      ),
    ];
  });

  async function list(query: string): Promise<AdminProductPage> {
    const answer = await admin(t.app, 'GET', `/products/?${query}`, { as: asha });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<AdminProductPage>();
  }

  test('search matches every word in the title, the Nepali title or the slug, or the id; inactive included', async () => {
    expect((await list('q=wai%20noodles')).results.map((p) => p.title).sort()).toEqual([
      'Wai Wai Chicken Noodles',
      'Wai Wai Veg Noodles',
    ]);
    expect((await list('q=chicken%20WAI')).results.map((p) => p.id)).toEqual([listed[0].id]);
    expect((await list(`q=${encodeURIComponent('चिउरा')}`)).results.map((p) => p.id)).toEqual([listed[2].id]);
    expect((await list('q=beaten-rice')).results.map((p) => p.id)).toEqual([listed[2].id]);
    expect((await list(`q=${listed[1].id}`)).results.map((p) => p.id)).toContain(listed[1].id);
    expect((await list('q=50%25')).count).toBe(0);
  });

  test('filters: category (a top one includes its subcategories), active, stock state, flags', async () => {
    const inTop = await list(`category=${top.id}&page_size=100`);
    expect(inTop.results.every((p) => p.category_id === sub.id)).toBe(true);
    expect(inTop.count).toBeGreaterThan(0);
    expect((await list('active=false')).results.map((p) => p.id)).toEqual([listed[2].id]);
    expect((await list('stock_state=out_of_stock')).results.map((p) => p.id)).toContain(listed[0].id);
    const low = await list('stock_state=low');
    expect(low.results.map((p) => p.id)).toEqual([listed[1].id]);
    expect(low.results[0]).toMatchObject({ stock_state: 'low', thumbnail: null });
    expect((await list('stock_state=below_threshold')).results.map((p) => p.id).sort()).toEqual(
      [listed[0].id, listed[1].id].sort(),
    );
    const organic = (await list('organic=true&page_size=100')).results;
    expect(organic.map((p) => p.id)).toContain(listed[1].id);
    expect(organic.map((p) => p.id)).not.toContain(listed[0].id);
    expect(organic.every((p) => p.is_organic)).toBe(true);
  });

  test('pages and sorts in the database', async () => {
    const all = await list('page_size=100&sort=id&order=asc');
    expect(all.results.map((p) => p.id)).toEqual([...all.results.map((p) => p.id)].sort((a, b) => a - b));
    const pageTwo = await list('page_size=2&page=2&sort=id&order=asc');
    expect(pageTwo).toMatchObject({ count: all.count, page: 2, page_size: 2 });
    expect(pageTwo.results.map((p) => p.id)).toEqual(all.results.slice(2, 4).map((p) => p.id));
    const cheapest = await list('sort=selling_price&order=asc&page_size=1');
    expect(cheapest.results[0].selling_price).toBe(20);
    expect((await list('page=999')).results).toEqual([]);
    for (const bad of ['page=0', 'page_size=101', 'sort=password', 'order=up', 'active=yes', 'colour=red']) {
      const answer = await admin(t.app, 'GET', `/products/?${bad}`, { as: asha });
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().message, bad).toBeTruthy();
    }
  });
});

describe('the storefront follows staff changes at once', () => {
  test('a deactivated product leaves search, home and its page, and a cart shows it unavailable', async () => {
    const product = await create(
      newProduct({ title: 'Yak Cheese Churpi', marked_price: 500, selling_price: 450 }),
    );
    const other = await create(newProduct({ title: 'Yak Butter', marked_price: 500, selling_price: 400 }));
    await addCartLine(t.db, shopper.id, product.id, 2);
    await addCartLine(t.db, shopper.id, other.id, 1);
    const found = async () =>
      (await call(t.app, 'GET', '/products?q=churpi')).json().results.map((p: { id: number }) => p.id);
    const onHome = async () =>
      JSON.stringify((await call(t.app, 'GET', '/home/data/')).json()).includes(`"slug":"${product.slug}"`);
    expect(await found()).toEqual([product.id]);
    expect(await onHome()).toBe(true);

    expect((await patch(product.id, { version: 1, is_active: false })).statusCode).toBe(200);

    expect(await found()).toEqual([]);
    expect(await onHome()).toBe(false);
    expect((await call(t.app, 'GET', `/product/detail/${product.slug}/`)).statusCode).toBe(404);
    const cart = (await call(t.app, 'GET', '/cart/', { as: shopper })).json<CartList>().results[0];
    const line = cart.cart_products.find((l) => l.product === product.id)!;
    expect(line).toMatchObject({ is_available: false, available_quantity: 0 });
    expect(cart.total).toBe(400);

    expect((await patch(product.id, { version: 2, is_active: true })).statusCode).toBe(200);
    expect(await found()).toEqual([product.id]);
  });

  test('an edited price shows in a customer’s cart at once', async () => {
    const product = await create(
      newProduct({ title: 'Masala Chai Mix', marked_price: 200, selling_price: 180 }),
    );
    const buyer = await newShopper(t.app, t.db);
    await addCartLine(t.db, buyer.id, product.id, 3);
    const cartOf = async () =>
      (await call(t.app, 'GET', '/cart/', { as: buyer })).json<CartList>().results[0];
    expect((await cartOf()).total).toBe(540);
    expect((await patch(product.id, { version: 1, selling_price: 149.99 })).statusCode).toBe(200);
    const cart = await cartOf();
    expect(cart.cart_products[0]).toMatchObject({ rate: 149.99, subtotal: 449.97 });
    expect(cart.total).toBe(449.97);
  });
});

describe('stock adjustments', () => {
  const adjust = (id: number, payload: unknown) =>
    admin(t.app, 'POST', `/products/${id}/stock-adjustments/`, { as: bikash, payload });

  test('delta and set change the stock, each recorded with its reason and in the audit log', async () => {
    const product = await create(newProduct({ title: 'Sugar 1 kg', stock: 10 }));
    const received = await adjust(product.id, { delta: 25, reason: 'Delivery from the wholesaler' });
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json()).toMatchObject({
      movement: {
        kind: 'adjustment',
        delta: 25,
        stock_after: 35,
        reason: 'Delivery from the wholesaler',
        staff: { id: bikash.id },
      },
      product: { stock: 35, version: 1 },
    });
    const broken = await adjust(product.id, { delta: -2, reason: 'Two bags torn' });
    expect(broken.json().product.stock).toBe(33);
    const counted = await adjust(product.id, { set: 30, reason: 'Stock-take' });
    expect(counted.json()).toMatchObject({
      movement: { delta: -3, stock_after: 30 },
      product: { stock: 30 },
    });

    const history = await admin(t.app, 'GET', `/products/${product.id}/stock-adjustments/`, { as: asha });
    expect(history.statusCode).toBe(200);
    expect(history.json().results.map((m: { delta: number; reason: string }) => [m.delta, m.reason])).toEqual(
      [
        [-3, 'Stock-take'],
        [-2, 'Two bags torn'],
        [25, 'Delivery from the wholesaler'],
        [10, 'Initial stock'],
      ],
    );
    const entries = (await auditOf(product.id)).filter((e) => e.action === 'stock_adjust');
    expect(entries[0]).toMatchObject({
      before: { stock: 33 },
      after: { stock: 30 },
      note: 'Stock-take',
      staff: { id: bikash.id },
    });
    expect(entries).toHaveLength(3);
  });

  test('refused adjustments change nothing', async () => {
    const product = await create(newProduct({ title: 'Lentils 1 kg', stock: 3 }));
    const before = await counts();
    const below = await adjust(product.id, { delta: -4, reason: 'Sold offline' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ message: belowZero(3), error: { delta: [belowZero(3)] } });
    const both = await adjust(product.id, { delta: 1, set: 5, reason: 'x' });
    expect(both.json().message).toContain(STOCK_ADJUSTMENT_ONE_OF);
    expect((await adjust(product.id, { reason: 'nothing' })).statusCode).toBe(400);
    expect((await adjust(product.id, { delta: 1, reason: '  ' })).json().message).toMatch(
      /Reason is required/,
    );
    expect((await adjust(product.id, { delta: 0, reason: 'zero' })).statusCode).toBe(400);
    expect((await adjust(product.id, { set: -1, reason: 'minus' })).statusCode).toBe(400);
    expect((await adjust(999_999, { delta: 1, reason: 'ghost' })).statusCode).toBe(404);
    expect((await read(product.id)).stock).toBe(3);
    expect(await counts()).toEqual(before);
  });
});
