import type { AdminNewOrders } from '@pasal/contract/admin-orders';
import type { OutboxList, OutboxMessage } from '@pasal/contract/messaging';
import type { CancellationList, OrderDetail, OrderStatus } from '@pasal/contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createOrder, createProduct } from '../../test/factories';
import { call, type Shopper } from '../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../test/staff';
import { body, customerWithAddress, order } from '../checkout/checkout-test-helpers';
import { cancelUnpaidOrder } from '../payments/cancel-unpaid-order';
import { queueOrderStep } from './order-messages';
import { transitionOrder } from './order-transitions';

// The customer's message at each step of an order (docs/delivery-messages.md, decision 059), as
// the dev outbox shows them: one SMS per step, and one e-mail where the address is proved.

let t: TestApp;
let staff: StaffMember;
let riceId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  staff = await newStaff(t.app, t.db);
  const rice = await createProduct(t.db, { sellingPrice: 161_000, markedPrice: 161_000, stock: 1000 });
  riceId = rice.id;
});
afterAll(async () => {
  await t.close();
});

async function outboxOf(to: string): Promise<OutboxMessage[]> {
  const answer = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(answer.statusCode).toBe(200);
  return answer.json<OutboxList>().results;
}

async function contactOf(userId: number) {
  const [row] = await t.db
    .select({ phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { phone: row.phone!, email: row.email?.toLowerCase() ?? null };
}

/** What reached the customer since `before` (counts per channel), newest first. */
async function newMessages(userId: number, before: { sms: number; email: number }) {
  const { phone, email } = await contactOf(userId);
  const sms = await outboxOf(phone);
  const mail = email ? await outboxOf(email) : [];
  return { sms: sms.slice(0, sms.length - before.sms), email: mail.slice(0, mail.length - before.email) };
}

async function counts(userId: number) {
  const { sms, email } = await newMessages(userId, { sms: 0, email: 0 });
  return { sms: sms.length, email: email.length };
}

async function placeOrder(as: Shopper): Promise<{ id: number; trackingId: string }> {
  const placed = await order(
    t.app,
    as,
    body((as as Shopper & { addressId: number }).addressId, [[riceId, 1]]),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const answer = placed.json();
  return { id: answer.order_id, trackingId: answer.tracking_id };
}

function move(id: number, from: OrderStatus, status: OrderStatus, reason?: string) {
  return admin(t.app, 'POST', `/orders/${id}/status/`, {
    as: staff,
    payload: { from, status, ...(reason ? { reason } : {}) },
  });
}

/** Moves the order one step and answers the messages that step queued. */
async function step(userId: number, id: number, from: OrderStatus, to: OrderStatus, reason?: string) {
  const before = await counts(userId);
  const moved = await move(id, from, to, reason);
  expect(moved.statusCode, moved.body).toBe(200);
  return newMessages(userId, before);
}

describe('a message at each step', () => {
  test('in English: one SMS and one e-mail per step for a customer with a proved address', async () => {
    const ram = await customerWithAddress(t.app, t.db, { firstName: 'Ram' });
    const { id, trackingId } = await placeOrder(ram);

    const packed = await step(ram.id, id, 'Order Processing', 'Packed');
    expect(packed.sms.map((m) => m.text)).toEqual([
      `Pasal: Your order ${trackingId} is packed and will be on its way soon.`,
    ]);
    expect(packed.email).toHaveLength(1);
    expect(packed.email[0].text).toContain('Namaste Ram,');
    expect(packed.email[0].text).toContain(`Your order ${trackingId} is packed`);
    expect(packed.sms[0]).toMatchObject({ status: 'sent', attempts: 0, segments: 1 });

    const out = await step(ram.id, id, 'Packed', 'Out for Delivery');
    // No rider yet (riders are assigned elsewhere): the cash to keep ready.
    expect(out.sms.map((m) => m.text)).toEqual([
      `Pasal: Your order ${trackingId} is out for delivery. Please keep Rs 1,610.00 ready.`,
    ]);
    expect(out.email).toHaveLength(1);

    const delivered = await step(ram.id, id, 'Out for Delivery', 'Delivered');
    expect(delivered.sms.map((m) => m.text)).toEqual([
      `Pasal: Your order ${trackingId} has been delivered. Thank you for shopping with us!`,
    ]);
    expect(delivered.email).toHaveLength(1);
  });

  test('in Nepali, by SMS only when the customer has no proved address', async () => {
    const sita = await customerWithAddress(t.app, t.db, { email: null, language: 'ne' });
    const { id, trackingId } = await placeOrder(sita);
    const packed = await step(sita.id, id, 'Order Processing', 'Packed');
    expect(packed.sms.map((m) => m.text)).toEqual([`पसल: तपाईंको अर्डर ${trackingId} प्याक भयो, छिट्टै पठाइनेछ।`]);
    expect(packed.email).toEqual([]);
    const out = await step(sita.id, id, 'Packed', 'Out for Delivery');
    expect(out.sms.map((m) => m.text)).toEqual([
      `पसल: तपाईंको अर्डर ${trackingId} डेलिभरीका लागि निस्कियो। रु १,६१०.०० तयार राख्नुहोला।`,
    ]);
    expect(out.sms[0].segments).toBe(2);
    const cancelled = await step(sita.id, id, 'Out for Delivery', 'Cancelled', 'Address not found');
    expect(cancelled.sms.map((m) => m.text)).toEqual([
      `पसल: तपाईंको अर्डर ${trackingId} रद्द भयो (Address not found)।`,
    ]);
  });

  test("a staff cancellation's reason from the console's list is told in Nepali; a typed one as typed", async () => {
    const sita = await customerWithAddress(t.app, t.db, { email: null, language: 'ne' });
    const listed = await placeOrder(sita);
    const cancelled = await step(sita.id, listed.id, 'Order Processing', 'Cancelled', 'Items out of stock');
    expect(cancelled.sms.map((m) => m.text)).toEqual([
      `पसल: तपाईंको अर्डर ${listed.trackingId} रद्द भयो (सामान स्टकमा छैन)।`,
    ]);
    // Her order page gets the reason's code, which the storefront writes in her language.
    const page = await call(t.app, 'GET', `/order/${listed.id}/`, { as: sita });
    expect(page.statusCode, page.body).toBe(200);
    const detail = page.json<OrderDetail>();
    expect(detail.history.at(-1)).toMatchObject({ status: 'Cancelled', cancel_reason: 'Items out of stock' });
    expect(detail.cancellation).toMatchObject({ by: 'staff', cancel_reason: 'Items out of stock' });
    const list = await call(t.app, 'GET', '/list/order/cancellation/', { as: sita });
    expect(list.json<CancellationList>().results[0]).toMatchObject({ cancel_reason: 'Items out of stock' });

    const typed = await placeOrder(sita);
    const other = await step(sita.id, typed.id, 'Order Processing', 'Cancelled', 'Shop closed for Tihar');
    expect(other.sms.map((m) => m.text)).toEqual([
      `पसल: तपाईंको अर्डर ${typed.trackingId} रद्द भयो (Shop closed for Tihar)।`,
    ]);
    const typedPage = (await call(t.app, 'GET', `/order/${typed.id}/`, { as: sita })).json<OrderDetail>();
    expect(typedPage.history.at(-1)).toMatchObject({ reason: 'Shop closed for Tihar', cancel_reason: null });
    expect(typedPage.cancellation).toMatchObject({ remarks: 'Shop closed for Tihar', cancel_reason: null });
  });

  test('an unproved e-mail address gets nothing; the SMS still goes', async () => {
    const hari = await customerWithAddress(t.app, t.db, { emailVerifiedAt: null });
    const { id } = await placeOrder(hari);
    const packed = await step(hari.id, id, 'Order Processing', 'Packed');
    expect(packed.sms).toHaveLength(1);
    expect(packed.email).toEqual([]);
  });

  test('a cancellation by the customer, and a wallet refund, each send one message', async () => {
    const gita = await customerWithAddress(t.app, t.db, { email: null });
    const { id, trackingId } = await placeOrder(gita);
    const before = await counts(gita.id);
    const cancelled = await call(t.app, 'POST', `/order/cancel/${id}/`, {
      as: gita,
      payload: { reason: 'Ordered by mistake' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mine = await newMessages(gita.id, before);
    expect(mine.sms.map((m) => m.text)).toEqual([
      `Pasal: Your order ${trackingId} has been cancelled (Ordered by mistake).`,
    ]);

    // Paid with eSewa, cancelled by staff: the money is due back, then refunded.
    const paid = await createOrder(t.db, {
      userId: gita.id,
      totalPaisa: 90_100,
      paymentMethod: 'esewa',
      paymentStatus: 'Paid',
      lines: [],
    });
    const byStaff = await step(gita.id, paid.id, 'Order Processing', 'Cancelled', 'Out of stock');
    expect(byStaff.sms.map((m) => m.text)).toEqual([
      `Pasal: Your order ${paid.trackingId} has been cancelled (Out of stock). The amount you paid will be refunded.`,
    ]);
    const beforeRefund = await counts(gita.id);
    const refunded = await admin(t.app, 'POST', `/orders/${paid.id}/refund/`, {
      as: staff,
      payload: { reference: 'ESW-RF-1' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundMessages = await newMessages(gita.id, beforeRefund);
    expect(refundMessages.sms.map((m) => m.text)).toEqual([
      `Pasal: Rs 901.00 for your order ${paid.trackingId} has been refunded to your eSewa account.`,
    ]);
    // A second refund is refused and says nothing more.
    const again = await admin(t.app, 'POST', `/orders/${paid.id}/refund/`, {
      as: staff,
      payload: { reference: 'ESW-RF-2' },
    });
    expect(again.statusCode).toBe(409);
    expect(await counts(gita.id)).toEqual({ ...beforeRefund, sms: beforeRefund.sms + 1 });
  });

  test('an unpaid online order cancelled by the shop on its own says why', async () => {
    const bina = await customerWithAddress(t.app, t.db, { email: null });
    const unpaid = await createOrder(t.db, {
      userId: bina.id,
      totalPaisa: 50_000,
      paymentMethod: 'khalti',
      lines: [],
    });
    expect(await cancelUnpaidOrder(t.db, t.app.config, unpaid.id, { remarks: 'Payment not completed' })).toBe(
      true,
    );
    const [sms] = await outboxOf((await contactOf(bina.id)).phone);
    expect(sms.text).toBe(
      `Pasal: Your order ${unpaid.trackingId} has been cancelled (Payment not completed).`,
    );
  });

  test("the shop's own reason for an unpaid online order is told in Nepali: SMS, e-mail and order page", async () => {
    const mina = await customerWithAddress(t.app, t.db, { language: 'ne' });
    const unpaid = await createOrder(t.db, {
      userId: mina.id,
      totalPaisa: 50_000,
      paymentMethod: 'esewa',
      lines: [],
    });
    // What the payments reconciler does when the payment never completes.
    expect(await cancelUnpaidOrder(t.db, t.app.config, unpaid.id)).toBe(true);
    const said = 'अनलाइन भुक्तानी समयमै पूरा भएन';
    const { sms, email } = await newMessages(mina.id, { sms: 0, email: 0 });
    expect(sms.map((m) => m.text)).toEqual([`पसल: तपाईंको अर्डर ${unpaid.trackingId} रद्द भयो (${said})।`]);
    expect(email).toHaveLength(1);
    expect(email[0].text).toContain(said);
    expect(email[0].text).not.toContain('online payment');

    // Her order page and her cancellations get the reason's code, which the storefront writes in Nepali.
    const code = 'Cancelled automatically: the online payment was not completed in time.';
    const page = await call(t.app, 'GET', `/order/${unpaid.id}/`, { as: mina });
    expect(page.statusCode, page.body).toBe(200);
    const detail = page.json<OrderDetail>();
    expect(detail.history.at(-1)).toMatchObject({ status: 'Cancelled', by: 'system', cancel_reason: code });
    expect(detail.cancellation).toMatchObject({ by: 'system', remarks: code, cancel_reason: code });
    const list = await call(t.app, 'GET', '/list/order/cancellation/', { as: mina });
    expect(list.json<CancellationList>().results[0]).toMatchObject({
      cancelled_by: 'system',
      cancel_reason: code,
    });
  });

  test("could not deliver carries its reason, in the customer's language (the riders work calls it)", async () => {
    const mina = await customerWithAddress(t.app, t.db, { email: null, language: 'ne' });
    const { id, trackingId } = await placeOrder(mina);
    await t.db.transaction((tx) =>
      queueOrderStep(tx, t.app.config, id, { step: 'not_delivered', reason: 'Customer not reachable' }),
    );
    const [sms] = await outboxOf((await contactOf(mina.id)).phone);
    expect(sms.text).toBe(
      `पसल: तपाईंको अर्डर ${trackingId} डेलिभर गर्न सकिएन (ग्राहकसँग सम्पर्क हुन सकेन)। फेरि पठाउन हामी सम्पर्क गर्नेछौं।`,
    );
  });
});

describe('turning the updates off', () => {
  test('the switch is saved on the account and refuses anything but true or false', async () => {
    const me = await customerWithAddress(t.app, t.db);
    const profile = await call(t.app, 'GET', '/profile/', { as: me });
    expect(profile.json().data.user.order_updates).toBe(true);
    const off = await call(t.app, 'PUT', '/profile/order-updates/', {
      as: me,
      payload: { order_updates: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Order updates setting saved',
      data: { user: { order_updates: false } },
    });
    const bad = await call(t.app, 'PUT', '/profile/order-updates/', {
      as: me,
      payload: { order_updates: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('order_updates must be true or false');
    expect((await call(t.app, 'GET', '/profile/', { as: me })).json().data.user.order_updates).toBe(false);
  });

  test('off: no delivery steps, but the receipt, the cancellation and the refund still go', async () => {
    const quiet = await customerWithAddress(t.app, t.db, { email: null });
    await call(t.app, 'PUT', '/profile/order-updates/', { as: quiet, payload: { order_updates: false } });
    const { id, trackingId } = await placeOrder(quiet);
    const receipt = await counts(quiet.id);
    expect(receipt).toEqual({ sms: 1, email: 0 });
    expect((await step(quiet.id, id, 'Order Processing', 'Packed')).sms).toEqual([]);
    expect((await step(quiet.id, id, 'Packed', 'Out for Delivery')).sms).toEqual([]);
    const cancelled = await step(quiet.id, id, 'Out for Delivery', 'Cancelled', 'Rain');
    expect(cancelled.sms.map((m) => m.text)).toEqual([
      `Pasal: Your order ${trackingId} has been cancelled (Rain).`,
    ]);

    const other = await placeOrder(quiet);
    await step(quiet.id, other.id, 'Order Processing', 'Packed');
    await step(quiet.id, other.id, 'Packed', 'Out for Delivery');
    expect((await step(quiet.id, other.id, 'Out for Delivery', 'Delivered')).sms).toEqual([]);
  });
});

describe('nothing is sent for a change that did not happen', () => {
  test('a refused move queues nothing', async () => {
    const me = await customerWithAddress(t.app, t.db);
    const { id } = await placeOrder(me);
    const before = await counts(me.id);
    // Skipping a step, a stale `from`, an unpaid online order sent out: all refused.
    expect((await move(id, 'Order Processing', 'Delivered')).statusCode).toBe(409);
    expect((await move(id, 'Packed', 'Out for Delivery')).statusCode).toBe(409);
    const online = await createOrder(t.db, {
      userId: me.id,
      totalPaisa: 10_000,
      paymentMethod: 'esewa',
      lines: [],
    });
    expect((await move(online.id, 'Order Processing', 'Packed')).statusCode).toBe(409);
    expect(await counts(me.id)).toEqual(before);
  });

  test('a move whose transaction rolls back after the message was queued sends nothing', async () => {
    const me = await customerWithAddress(t.app, t.db);
    const { id } = await placeOrder(me);
    const before = await counts(me.id);
    const failed = t.db.transaction(async (tx) => {
      await transitionOrder(tx, t.app.config, { orderId: id, to: 'Packed', by: staff.id });
      await transitionOrder(tx, t.app.config, { orderId: id, to: 'Out for Delivery', by: staff.id });
      throw new Error('the console lost its connection');
    });
    await expect(failed).rejects.toThrow('the console lost its connection');
    expect(await counts(me.id)).toEqual(before);
    const [row] = await t.db.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, id));
    expect(row.status).toBe('Order Processing');
  });
});

describe('new-order alerts', () => {
  test('the console learns of orders placed since it looked, from the database', async () => {
    const first = await admin(t.app, 'GET', '/orders/new/', { as: staff });
    expect(first.statusCode, first.body).toBe(200);
    const { latest_id } = first.json<AdminNewOrders>();
    expect(first.json()).toMatchObject({ count: 0, results: [] });

    const me = await customerWithAddress(t.app, t.db);
    const a = await placeOrder(me);
    const b = await placeOrder(me);
    const polled = await admin(t.app, 'GET', `/orders/new/?after=${latest_id}`, { as: staff });
    const answer = polled.json<AdminNewOrders>();
    expect(answer.count).toBe(2);
    expect(answer.latest_id).toBe(b.id);
    expect(answer.results.map((o) => o.tracking_id)).toEqual([b.trackingId, a.trackingId]);

    const caughtUp = await admin(t.app, 'GET', `/orders/new/?after=${b.id}`, { as: staff });
    expect(caughtUp.json()).toEqual({ latest_id: b.id, count: 0, results: [] });
  });

  test('only staff may ask, and `after` must be an order id', async () => {
    const me = await customerWithAddress(t.app, t.db);
    expect((await admin(t.app, 'GET', '/orders/new/?after=0', { as: me })).statusCode).toBe(403);
    expect((await admin(t.app, 'GET', '/orders/new/?after=0')).statusCode).toBe(401);
    const bad = await admin(t.app, 'GET', '/orders/new/?after=abc', { as: staff });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('after must be an order id');
  });
});
