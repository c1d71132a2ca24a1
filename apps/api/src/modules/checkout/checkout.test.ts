import type { CheckoutResponse } from '@pasal/contract/checkout';
import { NO_SERVICE_STATIONS } from '@pasal/contract/delivery';
import type { OrderDetail, OrderList } from '@pasal/contract/orders';
import { asc, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products } from '../../db/schema/catalogue';
import { municipalities, stationCoverage } from '../../db/schema/locations';
import { orderLines, orderStatusHistory, orders } from '../../db/schema/orders';
import { messageOutbox } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  addCartLine,
  createAddress,
  createFlashSale,
  createProduct,
  createVoucher,
  createVoucherUse,
} from '../../test/factories';
import { call, type Shopper } from '../../test/shopper';
import {
  body,
  cartLinesOf,
  customerWithAddress,
  order,
  ordersOf,
  stockOf,
  usesOf,
} from './checkout-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
});
afterAll(async () => {
  await t.close();
});

const customer = (overrides = {}) => customerWithAddress(t.app, t.db, overrides);

async function outboxFor(recipient: string) {
  return t.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.recipient, recipient))
    .orderBy(asc(messageOutbox.id));
}

describe('the whole order flow', () => {
  test('cart → checkout → list → detail → cancel', async () => {
    const me = await customer({ firstName: 'Sita', email: `sita-${Date.now()}@example.com` });
    const rice = await createProduct(t.db, {
      title: 'Jeera Masino Rice 5 kg',
      markedPrice: 20_000,
      sellingPrice: 18_000,
    });
    const oil = await createProduct(t.db, {
      title: 'Mustard Oil 1 L',
      markedPrice: 30_000,
      sellingPrice: 25_000,
    });
    await createFlashSale(t.db, oil.id, { discountedPrice: 10_000 });
    const tea = await createProduct(t.db, { title: 'Ilam Tea 500 g' });
    for (const [product, quantity] of [
      [rice.id, 2],
      [oil.id, 1],
      [tea.id, 1],
    ])
      expect(
        (
          await call(t.app, 'POST', '/cart/add/', {
            as: me,
            payload: { cart_products: [{ product, quantity }] },
          })
        ).statusCode,
      ).toBe(200);

    const placed = await order(
      t.app,
      me,
      body(
        me.addressId,
        [
          [rice.id, 2],
          [oil.id, 1],
        ],
        { notes: ' Ring twice ' },
      ),
    );
    expect(placed.statusCode).toBe(201);
    const answer = placed.json<CheckoutResponse>();
    // 2 × Rs 180 + the flash-sale Rs 100; Rs 50 delivery (3 km, below the free-delivery Rs 1,500).
    expect(answer).toEqual({
      order_id: expect.any(Number),
      tracking_id: expect.stringMatching(/^PSL[0-9A-HJKMNP-TV-Z]{10}$/),
      total_amount: 510,
      subtotal: 460,
      discount: 0,
      delivery_charge: 50,
      payment_method: 'cash',
      payment_status: 'Unpaid',
      payment: null,
    });
    expect(await stockOf(t.db, rice.id)).toBe(8);
    expect(await stockOf(t.db, oil.id)).toBe(9);
    expect(await stockOf(t.db, tea.id)).toBe(10);
    // The bought lines left the cart; the rest stayed.
    expect(await cartLinesOf(t.db, me.id)).toEqual([{ productId: tea.id, quantity: 1 }]);

    const [mail] = await outboxFor(await emailOf(me.id));
    expect(mail.channel).toBe('email');
    expect(mail.sentAt).not.toBeNull();
    expect(mail.text).toContain(answer.tracking_id);
    expect(mail.text).toContain('Namaste Sita');
    expect(mail.text).toContain('2 × Jeera Masino Rice 5 kg: Rs 360.00');
    expect(mail.text).toContain('Total: Rs 510.00');

    const list = await call(t.app, 'GET', '/order/list/', { as: me });
    expect(list.statusCode).toBe(200);
    const listed = list.json<OrderList>();
    expect(listed).toMatchObject({ count: 1, page_size: 10, links: { next: null, previous: null } });
    expect(listed.results[0]).toMatchObject({
      id: answer.order_id,
      tracking_id: answer.tracking_id,
      order_status: 'Order Processing',
      total: 510,
      subtotal: 460,
      discount: 0,
      delivery_charge: 50,
      voucher_code: null,
      notes: 'Ring twice',
      payment_method: 'cash',
      payment_status: 'Unpaid',
      payment_completed: false,
      can_cancel: true,
      can_pay: false,
      shipping_address: {
        address_type: 'Home',
        full_name: 'Test Customer',
        municipality: 'Kathmandu',
        district: 'Kathmandu',
        // The snapshot keeps the Nepali names too, for a customer reading the order in Nepali.
        municipality_ne: 'काठमाण्डौं',
        district_ne: 'काठमाडौँ',
        province_ne: 'बाग्मती प्रदेश',
      },
      lines: [
        {
          product_id: rice.id,
          product_slug: rice.slug,
          title: 'Jeera Masino Rice 5 kg',
          image: `/media/products/${rice.slug}-thumb.webp`,
          quantity: 2,
          price: 180,
          marked_price: 200,
          line_total: 360,
        },
        {
          product_id: oil.id,
          title: 'Mustard Oil 1 L',
          quantity: 1,
          price: 100,
          marked_price: 300,
          line_total: 100,
        },
      ],
    });

    const detail = await call(t.app, 'GET', `/order/${answer.order_id}/`, { as: me });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<OrderDetail>()).toMatchObject({
      id: answer.order_id,
      history: [{ status: 'Order Processing', by: 'customer', reason: null }],
      cancellation: null,
    });

    const cancelled = await call(t.app, 'POST', `/order/cancel/${answer.order_id}/`, {
      as: me,
      payload: { reason: 'Ordered by mistake' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Your order has been cancelled.',
      order: {
        order_status: 'Cancelled',
        can_cancel: false,
        history: [
          { status: 'Order Processing' },
          { status: 'Cancelled', by: 'customer', reason: 'Ordered by mistake' },
        ],
        cancellation: { remarks: 'Ordered by mistake', by: 'customer' },
      },
    });
    expect(await stockOf(t.db, rice.id)).toBe(10);
    expect(await stockOf(t.db, oil.id)).toBe(10);
    const cancellations = await call(t.app, 'GET', '/list/order/cancellation/', { as: me });
    expect(cancellations.json()).toMatchObject({
      count: 1,
      next: null,
      previous: null,
      results: [
        { remarks: 'Ordered by mistake', order: { id: answer.order_id, total: 510, payment_method: 'cash' } },
      ],
    });
  });
});

async function emailOf(userId: number): Promise<string> {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row.email!.toLowerCase();
}

describe('the server decides every amount', () => {
  test('a promo code comes off the subtotal; the delivery charge looks at the cart before the promo', async () => {
    const me = await customer();
    const honey = await createProduct(t.db, { sellingPrice: 80_000, stock: 5 });
    const code = await createVoucher(t.db, {
      discountPercentage: '10',
      minimumOrderValue: 50_000,
      maximumDiscount: 30_000,
    });
    const placed = await order(
      t.app,
      me,
      body(me.addressId, [[honey.id, 2]], { voucher_code: ` ${code.code.toLowerCase()} ` }),
    );
    expect(placed.statusCode).toBe(201);
    // Rs 1,600 − 10 % capped at Rs 300 → Rs 160 off; Rs 1,600 before the promo is ≥ Rs 1,500: free delivery.
    expect(placed.json()).toMatchObject({
      subtotal: 1600,
      discount: 160,
      delivery_charge: 0,
      total_amount: 1440,
    });
    expect(await usesOf(t.db, code.id)).toBe(1);
    const [row] = await ordersOf(t.db, me.id);
    expect(row).toMatchObject({
      subtotal: 160_000,
      discount: 16_000,
      deliveryCharge: 0,
      total: 144_000,
      voucherId: code.id,
    });
    const listed = await call(t.app, 'GET', '/order/list/', { as: me });
    expect(listed.json<OrderList>().results[0].voucher_code).toBe(code.code);
  });

  test('prices and totals sent by the client are refused, never used', async () => {
    const me = await customer();
    const ghee = await createProduct(t.db, { sellingPrice: 90_000 });
    for (const extra of [{ total_amount: 1 }, { prices: [1] }, { subtotal: 0, discount: 900 }]) {
      const refused = await order(t.app, me, { ...body(me.addressId, [[ghee.id, 1]]), ...extra });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^Unknown field: /);
      expect(refused.json().msg).toBe(refused.json().message);
    }
    expect(await ordersOf(t.db, me.id)).toEqual([]);
    expect(await stockOf(t.db, ghee.id)).toBe(10);
    const placed = await order(t.app, me, body(me.addressId, [[ghee.id, 1]]));
    expect(placed.json()).toMatchObject({ subtotal: 900, total_amount: 950 });
  });

  test('the confirmation goes by SMS to a customer without an e-mail address', async () => {
    const me = await customer({ email: null });
    const product = await createProduct(t.db);
    const placed = await order(t.app, me, body(me.addressId, [[product.id, 1]]));
    expect(placed.statusCode).toBe(201);
    const [user] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, me.id));
    const [sms] = await outboxFor(user.phone!);
    expect(sms).toMatchObject({ channel: 'sms', provider: 'outbox' });
    expect(sms.text).toBe(
      `Pasal: your order ${placed.json().tracking_id} is confirmed. Total Rs 230.00, cash on delivery. Thank you!`,
    );
  });

  test('an e-mail address nobody proved gets no mail: the confirmation goes by SMS', async () => {
    const email = `unproved-${Date.now()}@example.com`;
    const me = await customer({ email, emailVerifiedAt: null });
    const product = await createProduct(t.db);
    const placed = await order(t.app, me, body(me.addressId, [[product.id, 1]]));
    expect(placed.statusCode).toBe(201);
    expect(await outboxFor(email)).toEqual([]);
    const [user] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, me.id));
    const [sms] = await outboxFor(user.phone!);
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms.text).toContain(placed.json().tracking_id);
  });

  test('the order keeps its lines, address and history as they were', async () => {
    const me = await customer();
    const product = await createProduct(t.db, { title: 'Old Title' });
    const placed = await order(t.app, me, body(me.addressId, [[product.id, 3]]));
    const id = placed.json().order_id;
    await t.db
      .update(products)
      .set({ title: 'New Title', sellingPrice: 1 })
      .where(eq(products.id, product.id));
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(line).toMatchObject({ title: 'Old Title', unitPrice: 18_000, quantity: 3, lineTotal: 54_000 });
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    expect(history).toMatchObject([
      { fromStatus: null, toStatus: 'Order Processing', actor: 'customer', actorUserId: me.id },
    ]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row.deliveryStationId).not.toBeNull();
    expect(row.shippingAddress).toMatchObject({
      full_name: 'Test Customer',
      municipality: 'Kathmandu',
      phone: '9841000000',
    });
  });
});

describe('refusals change nothing', () => {
  let me: Shopper & { addressId: number };
  let stranger: Shopper & { addressId: number };
  let product: Awaited<ReturnType<typeof createProduct>>;
  let other: Awaited<ReturnType<typeof createProduct>>;
  let code: Awaited<ReturnType<typeof createVoucher>>;

  beforeAll(async () => {
    me = await customer();
    stranger = await customer();
    product = await createProduct(t.db, { title: 'Basmati Rice', stock: 3 });
    other = await createProduct(t.db, { stock: 10 });
    code = await createVoucher(t.db, { usageLimit: 10 });
    await addCartLine(t.db, me.id, product.id, 2);
    await addCartLine(t.db, me.id, other.id, 1);
  });

  async function expectRefused(payload: unknown, status: number, message: string | RegExp) {
    const response = await order(t.app, me, payload);
    expect(response.statusCode, JSON.stringify(payload)).toBe(status);
    const answer = response.json();
    if (typeof message === 'string') expect(answer.message).toBe(message);
    else expect(answer.message).toMatch(message);
    expect(answer.msg).toBe(answer.message);
    expect(await stockOf(t.db, product.id)).toBe(3);
    expect(await stockOf(t.db, other.id)).toBe(10);
    expect(await cartLinesOf(t.db, me.id)).toHaveLength(2);
    expect(await usesOf(t.db, code.id)).toBe(0);
    expect(await ordersOf(t.db, me.id)).toEqual([]);
    return answer;
  }

  test('malformed bodies are 400s with a message', async () => {
    const good = body(
      me.addressId,
      [
        [product.id, 1],
        [other.id, 1],
      ],
      { voucher_code: code.code },
    );
    await expectRefused(
      { ...good, qtys: [1] },
      400,
      'qtys: product_id and qtys must list the same number of items',
    );
    await expectRefused(
      { ...good, product_id: [product.id, product.id], qtys: [1, 1] },
      400,
      `product_id.1: Product ${product.id} is listed more than once.`,
    );
    for (const quantity of [0, -1, 1.5])
      await expectRefused({ ...good, qtys: [quantity, 1] }, 400, /^qtys\.0: Quantity must/);
    await expectRefused({ ...good, qtys: ['2', 1] }, 400, 'qtys.0: Quantity must be a number');
    await expectRefused({ ...good, qtys: [1001, 1] }, 400, 'qtys.0: Quantity must be at most 1000');
    await expectRefused(
      { ...good, product_id: [], qtys: [] },
      400,
      'product_id: Your cart is empty. Add some items to your cart before checkout.',
    );
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    await expectRefused({ ...good, product_id: many, qtys: many.map(() => 1) }, 400, /at most 100 products/);
    await expectRefused(
      { ...good, product_id: ['rice'], qtys: [1] },
      400,
      'product_id.0: product_id must be an id',
    );
    await expectRefused({ ...good, location: undefined }, 400, 'location: Please choose a delivery address');
    await expectRefused(
      { ...good, payment_method: 'online' },
      400,
      /^payment_method: Choose the wallet to pay online with/,
    );
    await expectRefused(
      { ...good, payment_method: 'card' },
      400,
      'payment_method: payment_method must be cash, esewa or khalti',
    );
    await expectRefused(
      { ...good, notes: 'x'.repeat(501) },
      400,
      'notes: Notes must be at most 500 characters',
    );
    await expectRefused([1, 2], 400, /^The body must be an object/);
  });

  test('someone else’s address is not found', async () => {
    await expectRefused(body(stranger.addressId, [[product.id, 1]]), 404, 'Address not found.');
  });

  test('products that are unknown, withdrawn, sold out or short name themselves', async () => {
    const answer = await expectRefused(
      body(me.addressId, [
        [other.id, 2],
        [product.id, 5],
      ]),
      400,
      'Basmati Rice: Only 3 items available in stock',
    );
    expect(answer).toMatchObject({ product: product.id, available_quantity: 3 });
    await expectRefused(body(me.addressId, [[2_000_000_000, 1]]), 400, 'Product 2000000000 was not found.');
    const gone = await createProduct(t.db, { title: 'Withdrawn Soap', isActive: false });
    await expectRefused(body(me.addressId, [[gone.id, 1]]), 400, 'Withdrawn Soap is no longer available.');
    const soldOut = await createProduct(t.db, { title: 'Sold Out Salt', stock: 0 });
    await expectRefused(body(me.addressId, [[soldOut.id, 1]]), 400, 'Sold Out Salt is out of stock.');
  });

  test('a promo code that cannot be used fails the order with its message', async () => {
    await expectRefused(
      body(me.addressId, [[product.id, 1]], { voucher_code: 'NO-SUCH-CODE' }),
      400,
      'Invalid promo code',
    );
    const high = await createVoucher(t.db, { minimumOrderValue: 100_000 });
    const below = await expectRefused(
      body(me.addressId, [[product.id, 1]], { voucher_code: high.code }),
      400,
      'Minimum order amount of Rs 1000 is required to apply this promo code.',
    );
    expect(below).toMatchObject({ is_valid: false, reason: 'below_minimum', minimum_order_value: 1000 });
    const usedUp = await createVoucher(t.db, { usageLimit: 1 });
    await createVoucherUse(t.db, usedUp.id, stranger.id);
    await expectRefused(
      body(me.addressId, [[product.id, 1]], { voucher_code: usedUp.code }),
      400,
      'This promo code has reached its usage limit.',
    );
  });

  test('an address no station serves: "No service stations available for this location."', async () => {
    const [unserved] = await t.db
      .select({ id: municipalities.id })
      .from(municipalities)
      .where(
        notInArray(
          municipalities.id,
          t.db.select({ id: stationCoverage.municipalityId }).from(stationCoverage),
        ),
      )
      .limit(1);
    const far = await createAddress(t.db, me.id, { municipalityId: unserved.id });
    await expectRefused(body(far.id, [[product.id, 1]]), 400, NO_SERVICE_STATIONS);
  });

  test('a visitor gets 401', async () => {
    const response = await call(t.app, 'POST', '/checkout/', {
      payload: body(me.addressId, [[product.id, 1]]),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().msg).toBe(response.json().message);
  });

  test('a body that is no JSON object is refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ecommerce/checkout/',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'text/plain' },
      payload: 'product_id=1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^The body must be an object/);
    expect(await ordersOf(t.db, me.id)).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  test('a retry with the same key answers the first answer and places nothing new', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    const payload = body(me.addressId, [[product.id, 2]]);
    const first = await order(t.app, me, payload, 'order-attempt-1');
    const again = await order(t.app, me, payload, 'order-attempt-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(t.db, me.id)).toHaveLength(1);
    expect(await stockOf(t.db, product.id)).toBe(8);
  });

  test('the same key sent twice at the same moment makes one order, and both answers are identical', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    const payload = body(me.addressId, [[product.id, 1]]);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => order(t.app, me, payload, 'double-click')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    for (const answer of answers) expect(answer.body).toBe(answers[0].body);
    expect(await ordersOf(t.db, me.id)).toHaveLength(1);
    expect(await stockOf(t.db, product.id)).toBe(9);
  });

  test('a refusal is replayed too; a new key is a new attempt', async () => {
    const me = await customer();
    const product = await createProduct(t.db, { title: 'Scarce Saffron', stock: 1 });
    const payload = body(me.addressId, [[product.id, 2]]);
    const first = await order(t.app, me, payload, 'attempt-a');
    expect(first.statusCode).toBe(400);
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
    const replayed = await order(t.app, me, payload, 'attempt-a');
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(first.json());
    expect(await ordersOf(t.db, me.id)).toEqual([]);
    expect((await order(t.app, me, payload, 'attempt-b')).statusCode).toBe(201);
  });

  test('the same key with another body is a 422 that changes nothing', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    expect((await order(t.app, me, body(me.addressId, [[product.id, 1]]), 'k-1')).statusCode).toBe(201);
    const reused = await order(t.app, me, body(me.addressId, [[product.id, 3]]), 'k-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(
      'This Idempotency-Key was already used for a different request. Use a new key for a new order.',
    );
    expect(await ordersOf(t.db, me.id)).toHaveLength(1);
    expect(await stockOf(t.db, product.id)).toBe(9);
  });

  test('keys belong to one customer: another customer’s same key is their own', async () => {
    const [a, b] = [await customer(), await customer()];
    const product = await createProduct(t.db);
    expect((await order(t.app, a, body(a.addressId, [[product.id, 1]]), 'shared')).statusCode).toBe(201);
    const theirs = await order(t.app, b, body(b.addressId, [[product.id, 1]]), 'shared');
    expect(theirs.statusCode).toBe(201);
    expect(await ordersOf(t.db, b.id)).toHaveLength(1);
  });

  test('a malformed key is a 400', async () => {
    const me = await customer();
    const product = await createProduct(t.db);
    for (const key of ['has space', 'x'.repeat(256)]) {
      const response = await order(t.app, me, body(me.addressId, [[product.id, 1]]), key);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^headers\.idempotency-key: Idempotency-Key must/);
    }
    expect(await ordersOf(t.db, me.id)).toEqual([]);
  });
});
