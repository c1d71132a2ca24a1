import type { CartVoucherList, VoucherApplyResponse } from '@pasal/contract/voucher';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { cartItems, carts, vouchers } from '../../db/schema/shopping';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { addCartLine, createProduct, createVoucher, createVoucherUse } from '../../test/factories';
import { call, newShopper, type Shopper } from '../../test/shopper';

let t: TestApp;
let alice: Shopper;
let bob: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await newShopper(t.app, t.db);
  bob = await newShopper(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});
// Each test lists only the codes it makes.
beforeEach(async () => {
  await t.db.update(vouchers).set({ isListed: false });
});

const HOUR = 3_600_000;

async function cartOf(shopper: Shopper, ...lines: [pricePaisa: number, quantity: number][]) {
  const cart = await t.db.select().from(carts).where(eq(carts.userId, shopper.id));
  if (cart[0]) await t.db.delete(cartItems).where(eq(cartItems.cartId, cart[0].id));
  for (const [price, quantity] of lines) {
    const product = await createProduct(t.db, { sellingPrice: price, markedPrice: price, stock: 50 });
    await addCartLine(t.db, shopper.id, product.id, quantity);
  }
}

async function available(shopper: Shopper): Promise<CartVoucherList> {
  const response = await call(t.app, 'GET', '/voucher/available/', { as: shopper });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CartVoucherList>();
}

const codes = (list: CartVoucherList) => list.results.map((r) => r.voucher.code);

test('a visitor gets 401', async () => {
  const response = await call(t.app, 'GET', '/voucher/available/');
  expect(response.statusCode).toBe(401);
  expect(response.json().message).toBeTruthy();
});

describe('which codes are listed', () => {
  test('only listed codes this customer can use now, best saving first', async () => {
    const listed = { isListed: true };
    await createVoucher(t.db, { ...listed, code: 'TENOFF', discountPercentage: '10' });
    await createVoucher(t.db, {
      ...listed,
      code: 'FLATBIG',
      voucherType: 'Amount',
      discountPercentage: '0',
      discountAmount: 25_000,
    });
    await createVoucher(t.db, { code: 'SECRET50', discountPercentage: '50' }); // not listed: private
    await createVoucher(t.db, { ...listed, code: 'SWITCHEDOFF', discountPercentage: '60', isActive: false });
    await createVoucher(t.db, {
      ...listed,
      code: 'LATER',
      discountPercentage: '60',
      validFrom: new Date(Date.now() + HOUR),
    });
    await createVoucher(t.db, {
      ...listed,
      code: 'OVER',
      discountPercentage: '60',
      validTo: new Date(Date.now() - HOUR),
    });
    const usedUp = await createVoucher(t.db, {
      ...listed,
      code: 'GONE',
      discountPercentage: '60',
      usageLimit: 1,
    });
    await createVoucherUse(t.db, usedUp.id, bob.id);
    const once = await createVoucher(t.db, {
      ...listed,
      code: 'ONCE',
      discountPercentage: '5',
      perUserLimit: 1,
    });
    await createVoucherUse(t.db, once.id, alice.id);

    await cartOf(alice, [100_000, 2]); // Rs 2000
    const mine = await available(alice);
    expect(mine.cart_total).toBe(2000);
    expect(mine.results).toEqual([
      expect.objectContaining({ applicable: true, saving: 250, missing: 0 }),
      expect.objectContaining({ applicable: true, saving: 200, missing: 0 }),
    ]);
    expect(codes(mine)).toEqual(['FLATBIG', 'TENOFF']);

    // Bob has not used ONCE yet: he sees it.
    await cartOf(bob, [100_000, 2]);
    expect(codes(await available(bob))).toEqual(['FLATBIG', 'TENOFF', 'ONCE']);
  });

  test('the saving is exactly what applying the code gives', async () => {
    await createVoucher(t.db, {
      isListed: true,
      code: 'ODDPC',
      discountPercentage: '12.50',
      maximumDiscount: 30_000,
    });
    await createVoucher(t.db, { isListed: true, code: 'SEVEN', discountPercentage: '7' });
    // 12.5 % of Rs 33.33 = 416.625 paisa → Rs 4.17; 7 % → 233.31 → Rs 2.33.
    await cartOf(alice, [3_333, 1]);
    const list = await available(alice);
    expect(list.results.map((r) => [r.voucher.code, r.saving])).toEqual([
      ['ODDPC', 4.17],
      ['SEVEN', 2.33],
    ]);
    for (const entry of list.results) {
      const applied = await call(t.app, 'POST', '/voucher/apply/', {
        as: alice,
        payload: { code: entry.voucher.code.toLowerCase() },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json<VoucherApplyResponse>().discount_amount).toBe(entry.saving);
    }
  });

  test('a code the cart is short of comes after the usable ones, with the rupees missing', async () => {
    await createVoucher(t.db, {
      isListed: true,
      code: 'BIGSPEND',
      discountPercentage: '10',
      minimumOrderValue: 50_000,
    });
    await createVoucher(t.db, {
      isListed: true,
      code: 'FARAWAY',
      discountPercentage: '10',
      minimumOrderValue: 90_000,
    });
    await createVoucher(t.db, {
      isListed: true,
      code: 'SMALL',
      voucherType: 'Amount',
      discountAmount: 1_000,
    });
    await cartOf(alice, [30_000, 1]); // Rs 300
    const list = await available(alice);
    expect(list.results.map((r) => [r.voucher.code, r.applicable, r.saving, r.missing])).toEqual([
      ['SMALL', true, 10, 0],
      ['BIGSPEND', false, 0, 200],
      ['FARAWAY', false, 0, 600],
    ]);
    expect(list.results[1].voucher.minimum_order_value).toBe(500);

    await cartOf(alice, [30_000, 2]); // Rs 600: BIGSPEND applies now.
    const more = await available(alice);
    expect(more.results.map((r) => [r.voucher.code, r.applicable, r.saving, r.missing])).toEqual([
      ['BIGSPEND', true, 60, 0],
      ['SMALL', true, 10, 0],
      ['FARAWAY', false, 0, 300],
    ]);
  });

  test('an empty cart lists nothing; unavailable lines do not count', async () => {
    await createVoucher(t.db, { isListed: true, code: 'ANYCART', discountPercentage: '10' });
    await cartOf(alice);
    expect((await available(alice)).results).toEqual([]);
    // A line beyond the stock is not in the base.
    const product = await createProduct(t.db, { sellingPrice: 10_000, markedPrice: 10_000, stock: 1 });
    await addCartLine(t.db, alice.id, product.id, 3);
    expect(await available(alice)).toEqual({ cart_total: 0, results: [] });
  });
});
