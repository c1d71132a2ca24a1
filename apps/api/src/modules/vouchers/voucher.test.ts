import type { VoucherApplyResponse, VoucherRejection } from '@pasal/contract/voucher';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products } from '../../db/schema/catalogue';
import { voucherUses } from '../../db/schema/orders';
import { cartItems, carts } from '../../db/schema/shopping';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  addCartLine,
  createFlashSale,
  createProduct,
  createVoucher,
  createVoucherUse,
} from '../../test/factories';
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

const HOUR = 3_600_000;

const apply = (as: Shopper | undefined, payload: unknown) =>
  call(t.app, 'POST', '/voucher/apply/', { as, payload });

/** Replaces the shopper's cart with lines of fresh products at these prices (paisa) and quantities. */
async function cartOf(shopper: Shopper, ...lines: [pricePaisa: number, quantity: number][]) {
  const cart = await t.db.select().from(carts).where(eq(carts.userId, shopper.id));
  if (cart[0]) await t.db.delete(cartItems).where(eq(cartItems.cartId, cart[0].id));
  const made = [];
  for (const [price, quantity] of lines) {
    const product = await createProduct(t.db, { sellingPrice: price, markedPrice: price, stock: 50 });
    await addCartLine(t.db, shopper.id, product.id, quantity);
    made.push(product);
  }
  return made;
}

async function accepted(shopper: Shopper, code: string, orderTotal?: number) {
  const response = await apply(shopper, { code, order_total: orderTotal ?? 0 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VoucherApplyResponse>();
}

async function refused(shopper: Shopper, code: string, orderTotal?: number) {
  const response = await apply(shopper, { code, order_total: orderTotal ?? 0 });
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<VoucherRejection>();
  expect(body).toMatchObject({ is_valid: false, voucher: null, discount_amount: 0 });
  expect(body.msg).toBe(body.message);
  return body;
}

describe('who may apply', () => {
  test('a visitor gets 401', async () => {
    const response = await apply(undefined, { code: 'WELCOME10', order_total: 1000 });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });
});

describe('percentage vouchers', () => {
  test('the minimum exactly met applies; one paisa short is refused with the spec’s message', async () => {
    const voucher = await createVoucher(t.db, {
      code: 'WELCOMEMIN',
      discountPercentage: '10',
      minimumOrderValue: 50_000,
      maximumDiscount: 30_000,
    });
    await cartOf(alice, [25_000, 2]);
    const body = await accepted(alice, 'WELCOMEMIN');
    expect(body).toEqual({
      voucher: {
        id: voucher.id,
        code: 'WELCOMEMIN',
        voucher_type: 'Percentage',
        discount_percentage: 10,
        discount_amount: 0,
        minimum_order_value: 500,
        maximum_discount: 300,
        valid_from: null,
        valid_to: null,
      },
      discount_amount: 50,
      is_valid: true,
      message: 'Promo code applied successfully!',
      cart_total: 500,
      final_amount: 450,
    });

    await cartOf(alice, [49_999, 1]);
    const short = await refused(alice, 'WELCOMEMIN');
    expect(short).toMatchObject({
      message: 'Minimum order amount of Rs 500 is required to apply this promo code.',
      reason: 'below_minimum',
      minimum_order_value: 500,
    });
  });

  test('a minimum with paisa is written with two decimals', async () => {
    await createVoucher(t.db, { code: 'ODDMIN', minimumOrderValue: 49_950 });
    await cartOf(alice, [10_000, 1]);
    expect((await refused(alice, 'ODDMIN')).message).toBe(
      'Minimum order amount of Rs 499.50 is required to apply this promo code.',
    );
  });

  test('the cap: reached exactly, and holding beyond', async () => {
    await createVoucher(t.db, { code: 'CAPPED', discountPercentage: '10', maximumDiscount: 30_000 });
    await cartOf(alice, [300_000, 1]);
    expect(await accepted(alice, 'CAPPED')).toMatchObject({ discount_amount: 300, final_amount: 2700 });
    await cartOf(alice, [299_990, 1]);
    expect((await accepted(alice, 'CAPPED')).discount_amount).toBe(299.99);
    await cartOf(alice, [1_000_000, 1]);
    expect(await accepted(alice, 'CAPPED')).toMatchObject({ discount_amount: 300, final_amount: 9700 });
  });

  test('rounds half up to the paisa, once, on the whole cart', async () => {
    await createVoucher(t.db, { code: 'TWELVEHALF', discountPercentage: '12.50' });
    // 12.5 % of Rs 33.33 = 416.625 paisa → Rs 4.17.
    await cartOf(alice, [3_333, 1]);
    expect(await accepted(alice, 'TWELVEHALF')).toMatchObject({ discount_amount: 4.17, final_amount: 29.16 });
    // 12.5 % of Rs 0.36 + Rs 0.36 (two lines) = 9 paisa exactly; per line it would be 4.5 + 4.5 rounded twice.
    await cartOf(alice, [36, 1], [36, 1]);
    expect((await accepted(alice, 'TWELVEHALF')).discount_amount).toBe(0.09);
    await createVoucher(t.db, { code: 'TENPC' });
    // 10 % of 1235 paisa = 123.5 → 124.
    await cartOf(alice, [1_235, 1]);
    expect((await accepted(alice, 'TENPC')).discount_amount).toBe(1.24);
  });
});

describe('fixed-amount vouchers', () => {
  test('takes the amount off, never more than the total', async () => {
    await createVoucher(t.db, {
      code: 'FLATTEST',
      voucherType: 'Amount',
      discountPercentage: '0',
      discountAmount: 5_000,
      minimumOrderValue: 2_000,
    });
    await cartOf(alice, [20_000, 1]);
    expect(await accepted(alice, 'FLATTEST')).toMatchObject({
      discount_amount: 50,
      cart_total: 200,
      final_amount: 150,
      voucher: {
        voucher_type: 'Amount',
        discount_amount: 50,
        discount_percentage: 0,
        maximum_discount: null,
      },
    });
    await cartOf(alice, [3_050, 1]);
    expect(await accepted(alice, 'FLATTEST')).toMatchObject({
      discount_amount: 30.5,
      cart_total: 30.5,
      final_amount: 0,
    });
  });
});

describe('when a code cannot be used', () => {
  test('each reason has its own message', async () => {
    // A shopper of its own: refused tries are limited per customer (voucher-throttle.test.ts).
    const carol = await newShopper(t.app, t.db);
    await cartOf(carol, [100_000, 1]);
    await createVoucher(t.db, { code: 'SOON', validFrom: new Date(Date.now() + HOUR) });
    await createVoucher(t.db, { code: 'GONE', validTo: new Date(Date.now() - HOUR) });
    await createVoucher(t.db, { code: 'OFF', isActive: false });
    await createVoucher(t.db, {
      code: 'NOW',
      validFrom: new Date(Date.now() - HOUR),
      validTo: new Date(Date.now() + HOUR),
    });
    const cases: [string, string, string][] = [
      ['NOPE', 'invalid', 'Invalid promo code'],
      ['   ', 'blank', 'Please enter a valid promo code'],
      ['', 'blank', 'Please enter a valid promo code'],
      ['SOON', 'not_started', 'This promo code is not active yet.'],
      ['GONE', 'expired', 'This promo code has expired.'],
      ['OFF', 'inactive', 'This promo code is no longer active.'],
    ];
    for (const [code, reason, message] of cases) {
      expect(await refused(carol, code), code).toMatchObject({ reason, message });
    }
    expect((await accepted(carol, 'NOW')).discount_amount).toBe(100);
  });

  test('the global limit counts everybody’s unreleased uses', async () => {
    const voucher = await createVoucher(t.db, { code: 'LIMITED2', usageLimit: 2 });
    await cartOf(alice, [100_000, 1]);
    await createVoucherUse(t.db, voucher.id, bob.id);
    await createVoucherUse(t.db, voucher.id, bob.id, { released: true });
    expect((await accepted(alice, 'LIMITED2')).discount_amount).toBe(100);
    await createVoucherUse(t.db, voucher.id, bob.id);
    expect(await refused(alice, 'LIMITED2')).toMatchObject({
      reason: 'used_up',
      message: 'This promo code has reached its usage limit.',
    });
  });

  test('the per-customer limit counts only my unreleased uses', async () => {
    const voucher = await createVoucher(t.db, { code: 'ONCEEACH', perUserLimit: 1 });
    await cartOf(alice, [100_000, 1]);
    await cartOf(bob, [100_000, 1]);
    await createVoucherUse(t.db, voucher.id, alice.id, { released: true });
    expect((await accepted(alice, 'ONCEEACH')).discount_amount).toBe(100);
    await createVoucherUse(t.db, voucher.id, alice.id);
    expect(await refused(alice, 'ONCEEACH')).toMatchObject({
      reason: 'customer_limit',
      message: 'You have already used this promo code the maximum number of times.',
    });
    expect((await accepted(bob, 'ONCEEACH')).discount_amount).toBe(100);
  });

  test('an empty cart, and a cart whose every line is unavailable, is refused', async () => {
    await createVoucher(t.db, { code: 'ANYCART' });
    await cartOf(alice);
    expect(await refused(alice, 'ANYCART')).toMatchObject({
      reason: 'empty_cart',
      message: 'Your cart is empty. Add items to your cart before applying a promo code.',
    });
    const [gone] = await cartOf(alice, [100_000, 1]);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, gone.id));
    expect((await refused(alice, 'ANYCART')).reason).toBe('empty_cart');
  });
});

describe('the base', () => {
  test('is matched ignoring case and spaces, and answers the stored spelling', async () => {
    await createVoucher(t.db, { code: 'Welcome10X' });
    await cartOf(alice, [100_000, 1]);
    expect((await accepted(alice, '  welcome10x ')).voucher.code).toBe('Welcome10X');
    expect((await accepted(alice, 'WELCOME10X')).voucher.code).toBe('Welcome10X');
  });

  test('is my cart at current prices, never the order_total I send', async () => {
    await createVoucher(t.db, { code: 'BASE500', minimumOrderValue: 50_000 });
    await cartOf(alice, [40_000, 1]);
    // A client claiming a big total does not get past the minimum...
    expect((await refused(alice, 'BASE500', 100_000)).reason).toBe('below_minimum');
    // ...and one claiming a tiny total gets the discount of its real cart.
    await cartOf(alice, [80_000, 1]);
    expect(await accepted(alice, 'BASE500', 1)).toMatchObject({ cart_total: 800, discount_amount: 80 });
    // Without order_total at all, too.
    const response = await apply(alice, { code: 'BASE500' });
    expect(response.statusCode).toBe(200);
    expect(response.json().discount_amount).toBe(80);
  });

  test('uses the flash-sale price while a sale runs and leaves unavailable lines out', async () => {
    await createVoucher(t.db, { code: 'LIVE', discountPercentage: '10', minimumOrderValue: 50_000 });
    const [onSale, shrunk] = await cartOf(alice, [60_000, 1], [90_000, 2]);
    await createFlashSale(t.db, onSale.id, { discountedPrice: 45_000 });
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, shrunk.id));
    // The base is Rs 450 (the sale price), not Rs 600 nor Rs 2400: below the Rs 500 minimum.
    expect((await refused(alice, 'LIVE')).reason).toBe('below_minimum');
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, shrunk.id));
    expect(await accepted(alice, 'LIVE')).toMatchObject({ cart_total: 2250, discount_amount: 225 });
  });

  test('applying counts no use', async () => {
    const voucher = await createVoucher(t.db, { code: 'NOCOUNT', usageLimit: 1, perUserLimit: 1 });
    await cartOf(alice, [100_000, 1]);
    await accepted(alice, 'NOCOUNT');
    await accepted(alice, 'NOCOUNT');
    expect(await t.db.select().from(voucherUses).where(eq(voucherUses.voucherId, voucher.id))).toEqual([]);
  });
});

describe('malformed requests', () => {
  test.each([
    ['missing code', { order_total: 100 }, 'code: code is required'],
    ['numeric code', { code: 10, order_total: 100 }, 'code: code must be text'],
    ['string order_total', { code: 'X', order_total: '100' }, 'order_total: order_total must be a number'],
    ['an extra field', { code: 'X', discount: 100 }, 'Unknown field: discount'],
    ['an array body', [{ code: 'X' }], 'The body must be an object {code, order_total}'],
    ['a very long code', { code: 'X'.repeat(65) }, 'code: A promo code has at most 64 characters'],
  ])('%s is a 400 with a message', async (_name, payload, message) => {
    const response = await apply(alice, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
