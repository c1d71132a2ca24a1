import { STAFF_ONLY } from '@pasal/contract/admin-common';
import { ASSIGN_OUT, RIDER_OWN_ORDER, RIDER_STILL_OUT } from '@pasal/contract/admin-riders';
import { RIDERS_ONLY } from '@pasal/contract/riders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { orderStatusHistory, orders } from '../../db/schema/orders';
import { messageOutbox } from '../../db/schema/platform';
import { deliveryAttempts } from '../../db/schema/riders';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createOrder, createUser } from '../../test/factories';
import { call, newShopper, type Shopper } from '../../test/shopper';
import { admin, newRider, newStaff, rider, type StaffMember } from '../../test/staff';
import { issueTokens } from '../auth/session-service';

let t: TestApp;
let staff: StaffMember;
let ram: StaffMember;
let sita: StaffMember;
let shopper: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await newStaff(t.app, t.db);
  ram = await newRider(t.app, t.db, 'Ram');
  sita = await newRider(t.app, t.db, 'Sita');
  shopper = await newShopper(t.app, t.db);
});

afterAll(async () => {
  await t?.close();
});

async function packedOrder(totalPaisa = 125_050, paymentMethod: 'cash' | 'esewa' = 'cash') {
  return createOrder(t.db, {
    userId: shopper.id,
    totalPaisa,
    paymentMethod,
    paymentStatus: paymentMethod === 'cash' ? 'Unpaid' : 'Paid',
    orderStatus: 'Packed',
  });
}

function assign(orderIds: number[], riderId: number | null, as: StaffMember | Shopper = staff) {
  return admin(t.app, 'POST', '/orders/assign/', { as, payload: { order_ids: orderIds, rider_id: riderId } });
}

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('the rider role', () => {
  test('a rider is refused the console (403) and staff and customers are refused the rider screen', async () => {
    const console = await admin(t.app, 'GET', '/orders/', { as: ram });
    expect(console.statusCode).toBe(403);
    expect(console.json()).toEqual({ message: STAFF_ONLY });
    for (const who of [staff, shopper]) {
      const answer = await rider(t.app, 'GET', '/orders/', { as: who });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: RIDERS_ONLY });
    }
    expect((await rider(t.app, 'GET', '/orders/')).statusCode).toBe(401);
  });

  test('staff make an account a rider; a rider with orders to deliver stays one', async () => {
    const user = await createUser(t.db, { firstName: 'Hari' });
    const made = await admin(t.app, 'POST', `/customers/${user.id}/rider/`, {
      as: staff,
      payload: { is_rider: true },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().customer.is_rider).toBe(true);
    const riders = await admin(t.app, 'GET', '/riders/', { as: staff });
    expect(riders.json().riders.map((r: { id: number }) => r.id)).toContain(user.id);

    const order = await packedOrder();
    expect((await assign([order.id], user.id)).statusCode).toBe(200);
    const refused = await admin(t.app, 'POST', `/customers/${user.id}/rider/`, {
      as: staff,
      payload: { is_rider: false },
    });
    expect(refused.statusCode).toBe(409);
    expect((await assign([order.id], null)).statusCode).toBe(200);
    const undone = await admin(t.app, 'POST', `/customers/${user.id}/rider/`, {
      as: staff,
      payload: { is_rider: false },
    });
    expect(undone.json().customer.is_rider).toBe(false);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, user.id)));
    expect(audits.map((a) => a.after)).toEqual([{ is_rider: true }, { is_rider: false }]);
  });
});

describe('assigning orders', () => {
  test('one order, then several at once, then reassigned; each change audited', async () => {
    const [a, b, c] = [await packedOrder(), await packedOrder(), await packedOrder()];
    const one = await assign([a.id], ram.id);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().orders[0].rider).toEqual({ id: ram.id, name: 'Ram Rider' });

    const bulk = await assign([a.id, b.id, c.id], sita.id);
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().orders.map((o: { rider: { id: number } }) => o.rider.id)).toEqual([
      sita.id,
      sita.id,
      sita.id,
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, a.id), eq(auditLog.action, 'assign')));
    expect(audits.map((x) => x.after)).toEqual([{ rider_id: ram.id }, { rider_id: sita.id }]);
    // The order's page in the console names the rider.
    const page = await admin(t.app, 'GET', `/orders/${b.id}/`, { as: staff });
    expect(page.json().order.rider).toEqual({ id: sita.id, name: 'Sita Rider' });
  });

  test('delivered or cancelled orders are refused, all or none; unknown orders 404; only a rider', async () => {
    const open = await packedOrder();
    const done = await createOrder(t.db, { userId: shopper.id, totalPaisa: 100, orderStatus: 'Delivered' });
    const refused = await assign([open.id, done.id], ram.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().order_ids).toEqual([done.id]);
    expect((await orderRow(open.id)).riderId).toBeNull();
    expect((await assign([open.id, 2_000_000], ram.id)).statusCode).toBe(404);
    const customer = await assign([open.id], shopper.id);
    expect(customer.statusCode).toBe(400);
    expect(customer.json().message).toBe('Choose an active rider.');
    expect((await assign([], ram.id)).statusCode).toBe(400);
    expect((await assign([open.id], ram.id, shopper)).statusCode).toBe(403);
    expect((await assign([open.id], ram.id, ram)).statusCode).toBe(403);
  });
});

describe('an order out for delivery', () => {
  test('stays with its rider until delivered or handed back: no reassigning it, no taking it off', async () => {
    const order = await packedOrder(75_000);
    const other = await packedOrder();
    await assign([order.id], ram.id);
    expect(
      (await rider(t.app, 'POST', `/orders/${order.id}/out-for-delivery/`, { as: ram })).statusCode,
    ).toBe(200);

    const moved = await assign([other.id, order.id], sita.id);
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ message: ASSIGN_OUT, order_ids: [order.id] });
    expect((await orderRow(other.id)).riderId).toBeNull(); // all or none
    expect((await assign([order.id], null)).statusCode).toBe(409);
    expect((await assign([order.id], ram.id)).statusCode).toBe(200); // already his: nothing changes
    expect((await orderRow(order.id)).riderId).toBe(ram.id);

    // Sent out by staff with no rider (the console allows it), it can still be given to one.
    const riderless = await createOrder(t.db, {
      userId: shopper.id,
      totalPaisa: 30_000,
      orderStatus: 'Out for Delivery',
    });
    expect((await assign([riderless.id], sita.id)).statusCode).toBe(200);

    // Handed back, it can go to someone else.
    const back = await rider(t.app, 'POST', `/orders/${order.id}/not-delivered/`, {
      as: ram,
      payload: { reason: 'Customer not at home' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await assign([order.id], sita.id)).statusCode).toBe(200);
  });
});

describe('a rider who shops too', () => {
  test('is not given their own order: they would mark it delivered and record its cash', async () => {
    const own = await createOrder(t.db, { userId: ram.id, totalPaisa: 99_000, orderStatus: 'Packed' });
    const other = await packedOrder();
    const refused = await assign([other.id, own.id], ram.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(RIDER_OWN_ORDER);
    expect(refused.json().order_ids).toEqual([own.id]);
    // All or none: the other order was not given to Ram either.
    expect((await orderRow(other.id)).riderId).toBeNull();
    expect((await orderRow(own.id)).riderId).toBeNull();
    // Another rider takes it.
    expect((await assign([own.id], sita.id)).statusCode).toBe(200);
  });
});

describe("the rider's day", () => {
  test('the rider sees only their orders, with what to collect and a map link', async () => {
    const mine = await packedOrder(50_000);
    const paid = await packedOrder(70_000, 'esewa');
    const theirs = await packedOrder();
    await assign([mine.id, paid.id], ram.id);
    await assign([theirs.id], sita.id);
    const list = await rider(t.app, 'GET', '/orders/', { as: ram });
    expect(list.statusCode).toBe(200);
    const found = list.json().orders;
    const ids = found.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, paid.id]));
    expect(ids).not.toContain(theirs.id);
    const cash = found.find((o: { id: number }) => o.id === mine.id);
    expect(cash).toMatchObject({
      to_collect: 500,
      customer: { name: 'Test User', phone: '9800000000' },
      address: { location: 'Baneshwor', municipality: 'Kathmandu', district: 'Kathmandu' },
    });
    expect(cash.map_url).toBe(
      'https://www.google.com/maps/search/?api=1&query=Kathmandu%2C%20Kathmandu%2C%20Nepal',
    );
    expect(found.find((o: { id: number }) => o.id === paid.id).to_collect).toBeNull();

    // Another rider's order is not found, and nothing changes.
    for (const path of ['out-for-delivery/', 'delivered/', 'not-delivered/']) {
      const answer = await rider(t.app, 'POST', `/orders/${theirs.id}/${path}`, {
        as: ram,
        payload: path === 'not-delivered/' ? { reason: 'Other' } : {},
      });
      expect(answer.statusCode, path).toBe(404);
    }
    expect((await orderRow(theirs.id)).orderStatus).toBe('Packed');
  });

  test("the rider's list comes slot by slot (earliest first, orders without a slot last)", async () => {
    const hari = await newRider(t.app, t.db, 'Hari');
    const late = await packedOrder();
    const early = await packedOrder();
    const none = await packedOrder();
    await t.db
      .update(orders)
      .set({ slotDate: '2026-11-27', slotStartsMinute: 900, slotEndsMinute: 1080 })
      .where(eq(orders.id, late.id));
    await t.db
      .update(orders)
      .set({ slotDate: '2026-11-27', slotStartsMinute: 540, slotEndsMinute: 720 })
      .where(eq(orders.id, early.id));
    await assign([late.id, none.id, early.id], hari.id);
    const list = (await rider(t.app, 'GET', '/orders/', { as: hari })).json().orders as {
      id: number;
      slot: { date: string; starts: string; ends: string } | null;
    }[];
    expect(list.map((o) => [o.id, o.slot])).toEqual([
      [early.id, { date: '2026-11-27', starts: '09:00', ends: '12:00' }],
      [late.id, { date: '2026-11-27', starts: '15:00', ends: '18:00' }],
      [none.id, null],
    ]);
  });

  test('out for delivery, then delivered with the cash collected (required for a cash order)', async () => {
    const order = await packedOrder(125_050);
    await assign([order.id], ram.id);
    const out = await rider(t.app, 'POST', `/orders/${order.id}/out-for-delivery/`, { as: ram });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().order.order_status).toBe('Out for Delivery');

    const noCash = await rider(t.app, 'POST', `/orders/${order.id}/delivered/`, { as: ram, payload: {} });
    expect(noCash.statusCode).toBe(400);
    expect(noCash.json().message).toBe('Enter the cash you collected.');
    const delivered = await rider(t.app, 'POST', `/orders/${order.id}/delivered/`, {
      as: ram,
      payload: { cash_collected: 1250.5 },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().order).toMatchObject({ order_status: 'Delivered', cash_collected: 1250.5 });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentStatus: 'Paid', cashCollected: 125_050, riderId: ram.id });
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => [h.toStatus, h.actorUserId])).toEqual([
      ['Out for Delivery', ram.id],
      ['Delivered', ram.id],
    ]);
    // Once delivered, it cannot be delivered again, nor reassigned.
    const again = await rider(t.app, 'POST', `/orders/${order.id}/delivered/`, {
      as: ram,
      payload: { cash_collected: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect((await assign([order.id], sita.id)).statusCode).toBe(409);
  });

  test('an order paid online takes no cash', async () => {
    const order = await packedOrder(70_000, 'esewa');
    await assign([order.id], ram.id);
    await rider(t.app, 'POST', `/orders/${order.id}/out-for-delivery/`, { as: ram });
    const withCash = await rider(t.app, 'POST', `/orders/${order.id}/delivered/`, {
      as: ram,
      payload: { cash_collected: 700 },
    });
    expect(withCash.statusCode).toBe(400);
    const delivered = await rider(t.app, 'POST', `/orders/${order.id}/delivered/`, { as: ram, payload: {} });
    expect(delivered.statusCode).toBe(200);
    expect((await orderRow(order.id)).cashCollected).toBeNull();
  });

  test('could not deliver: a reason from the list; back to Packed, off the rider, the attempt kept', async () => {
    const order = await packedOrder();
    await assign([order.id], ram.id);
    // Not out yet: nothing to hand back.
    const early = await rider(t.app, 'POST', `/orders/${order.id}/not-delivered/`, {
      as: ram,
      payload: { reason: 'Customer not at home' },
    });
    expect(early.statusCode).toBe(409);
    await rider(t.app, 'POST', `/orders/${order.id}/out-for-delivery/`, { as: ram });
    const badReason = await rider(t.app, 'POST', `/orders/${order.id}/not-delivered/`, {
      as: ram,
      payload: { reason: 'Too far' },
    });
    expect(badReason.statusCode).toBe(400);
    const back = await rider(t.app, 'POST', `/orders/${order.id}/not-delivered/`, {
      as: ram,
      payload: { reason: 'Customer not at home', note: 'Gate locked, phone off' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().order).toMatchObject({ order_status: 'Packed', attempts: 1 });
    expect(await orderRow(order.id)).toMatchObject({ orderStatus: 'Packed', riderId: null });
    const attempts = await t.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.orderId, order.id));
    expect(attempts).toMatchObject([
      { riderId: ram.id, reason: 'Customer not at home', note: 'Gate locked, phone off' },
    ]);
    const [last] = (
      await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))
    ).slice(-1);
    expect(last).toMatchObject({
      fromStatus: 'Out for Delivery',
      toStatus: 'Packed',
      reason: 'Could not deliver: Customer not at home (Gate locked, phone off)',
      notDeliveredReason: 'Customer not at home',
    });
    // It is no longer the rider's; staff can send it out again with someone else.
    expect(
      (await rider(t.app, 'POST', `/orders/${order.id}/out-for-delivery/`, { as: ram })).statusCode,
    ).toBe(404);
    expect((await assign([order.id], sita.id)).statusCode).toBe(200);
  });

  test("the customer's messages name the rider and phone when it goes out, and say why it came back", async () => {
    const order = await packedOrder();
    await assign([order.id], ram.id);
    const [customer] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, shopper.id));
    const [riderRow] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, ram.id));
    const smsTo = async () =>
      (await t.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, customer.phone!))).filter(
        (m) => m.text.includes(order.trackingId),
      );
    const before = (await smsTo()).length;
    await rider(t.app, 'POST', `/orders/${order.id}/out-for-delivery/`, { as: ram });
    const out = (await smsTo()).slice(before);
    expect(out).toHaveLength(1);
    expect(out[0].text).toContain('Ram Rider');
    expect(out[0].text).toContain(riderRow.phone!);
    await rider(t.app, 'POST', `/orders/${order.id}/not-delivered/`, {
      as: ram,
      payload: { reason: 'Address not found', note: 'private note for the shop' },
    });
    const back = (await smsTo()).slice(before + 1);
    expect(back).toHaveLength(1);
    expect(back[0].text).toContain('Address not found');
    expect(back[0].text).not.toContain('private note');
  });
});

describe("could not deliver, in the customer's language", () => {
  /** A cash order of a customer in `language` that the rider takes out and brings back. */
  async function broughtBack(language: 'en' | 'ne', reason: string) {
    const user = await createUser(t.db, { language, firstName: 'Sita', emailVerifiedAt: new Date() });
    const customer = { id: user.id, token: (await issueTokens(t.db, t.app.config.jwtSecret, user)).access };
    const order = await createOrder(t.db, {
      userId: customer.id,
      totalPaisa: 80_000,
      paymentMethod: 'cash',
      paymentStatus: 'Unpaid',
      orderStatus: 'Packed',
    });
    await assign([order.id], ram.id);
    await rider(t.app, 'POST', `/orders/${order.id}/out-for-delivery/`, { as: ram });
    const [contact] = await t.db
      .select({ phone: users.phone, email: users.email })
      .from(users)
      .where(eq(users.id, customer.id));
    const sent = async () =>
      (await t.db.select().from(messageOutbox)).filter(
        (m) =>
          [contact.phone, contact.email?.toLowerCase()].includes(m.recipient) &&
          m.text.includes(order.trackingId),
      );
    const before = (await sent()).length;
    const back = await rider(t.app, 'POST', `/orders/${order.id}/not-delivered/`, {
      as: ram,
      payload: { reason, note: 'Dog at the gate, for the shop' },
    });
    expect(back.statusCode, back.body).toBe(200);
    const messages = (await sent()).slice(before);
    const page = await call(t.app, 'GET', `/order/${order.id}/`, { as: customer });
    expect(page.statusCode, page.body).toBe(200);
    return {
      trackingId: order.trackingId,
      sms: messages.filter((m) => m.channel === 'sms').map((m) => m.text),
      email: messages.filter((m) => m.channel === 'email').map((m) => m.text),
      page: page.json(),
    };
  }

  test('a Nepali customer reads the reason in Nepali, by SMS and e-mail', async () => {
    const { trackingId, sms, email } = await broughtBack('ne', 'Customer not reachable');
    expect(sms).toEqual([
      `पसल: तपाईंको अर्डर ${trackingId} डेलिभर गर्न सकिएन (ग्राहकसँग सम्पर्क हुन सकेन)। फेरि पठाउन हामी सम्पर्क गर्नेछौं।`,
    ]);
    expect(email).toHaveLength(1);
    expect(email[0]).toContain(`तपाईंको अर्डर ${trackingId} डेलिभर गर्न सकिएन (ग्राहकसँग सम्पर्क हुन सकेन)।`);
    expect(email[0]).not.toContain('Customer not reachable');
  });

  test("an English customer reads it in English; neither reads the rider's note", async () => {
    const { trackingId, sms, email } = await broughtBack('en', 'Customer refused the order');
    expect(sms).toEqual([
      `Pasal: We could not deliver your order ${trackingId} (Customer refused the order). We will contact you to try again.`,
    ]);
    expect(email).toHaveLength(1);
    expect(email[0]).toContain(`We could not deliver your order ${trackingId} (Customer refused the order).`);
    for (const text of [...sms, ...email]) expect(text).not.toContain('Dog at the gate');
  });

  test("the customer's order page names the reason from the list, not the rider's note", async () => {
    const { page } = await broughtBack('ne', 'Address not found');
    expect(page.history.at(-1)).toEqual({
      status: 'Packed',
      at: expect.any(String),
      by: 'staff',
      reason: null,
      not_delivered_reason: 'Address not found',
      cancel_reason: null,
    });
    expect(JSON.stringify(page)).not.toContain('Dog at the gate');
    // The other steps have no failed delivery to tell.
    expect(page.history[0]).toMatchObject({ not_delivered_reason: null });
  });
});

describe('cash at the end of the day', () => {
  test('per rider: due and recorded; staff close the day once, audited with the difference', async () => {
    const cashier = await newRider(t.app, t.db, 'Kiran');
    const [a, b] = [await packedOrder(100_000), await packedOrder(50_000)];
    await assign([a.id, b.id], cashier.id);
    for (const [order, cash] of [
      [a, 1000],
      [b, 450],
    ] as const) {
      await rider(t.app, 'POST', `/orders/${order.id}/out-for-delivery/`, { as: cashier });
      await rider(t.app, 'POST', `/orders/${order.id}/delivered/`, {
        as: cashier,
        payload: { cash_collected: cash },
      });
    }
    const today = (await rider(t.app, 'GET', '/orders/', { as: cashier })).json().day;
    const cash = await admin(t.app, 'GET', `/rider-cash/?day=${today}`, { as: staff });
    expect(cash.statusCode, cash.body).toBe(200);
    const mine = cash.json().riders.find((r: { rider: { id: number } }) => r.rider.id === cashier.id);
    expect(mine).toMatchObject({ expected: 1500, recorded: 1450, difference: -50, closed: null });
    expect(mine.orders).toHaveLength(2);

    const close = (handedIn: number) =>
      admin(t.app, 'POST', '/rider-cash/close/', {
        as: staff,
        payload: { rider_id: cashier.id, day: today, handed_in: handedIn, note: 'Rs 50 short' },
      });
    const closed = await close(1450);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().rider.closed).toMatchObject({
      expected: 1500,
      recorded: 1450,
      handed_in: 1450,
      difference: -50,
      note: 'Rs 50 short',
    });
    const twice = await close(1500);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This rider’s day is already closed.');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'rider_cash_day'), eq(auditLog.action, 'close')));
    expect(audits.filter((x) => (x.after as { rider_id: number }).rider_id === cashier.id)).toMatchObject([
      { staffId: staff.id, after: { expected: 1500, recorded: 1450, handed_in: 1450, difference: -50 } },
    ]);
    // A rider cannot read or close the day's cash.
    expect((await admin(t.app, 'GET', '/rider-cash/', { as: cashier })).statusCode).toBe(403);
  });

  test("today's day cannot be closed while the rider has cash orders on the road", async () => {
    const hari = await newRider(t.app, t.db, 'Hari');
    const today = (await rider(t.app, 'GET', '/orders/', { as: hari })).json().day;
    const order = await packedOrder(50_000);
    await assign([order.id], hari.id);
    await rider(t.app, 'POST', `/orders/${order.id}/out-for-delivery/`, { as: hari });
    const close = () =>
      admin(t.app, 'POST', '/rider-cash/close/', {
        as: staff,
        payload: { rider_id: hari.id, day: today, handed_in: 0 },
      });
    const early = await close();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: RIDER_STILL_OUT, order_ids: [order.id] });
    await rider(t.app, 'POST', `/orders/${order.id}/delivered/`, {
      as: hari,
      payload: { cash_collected: 500 },
    });
    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
  });

  test('two closings at once: exactly one wins', async () => {
    const racer = await newRider(t.app, t.db, 'Bishnu');
    const today = (await rider(t.app, 'GET', '/orders/', { as: racer })).json().day;
    const answers = await Promise.all(
      [0, 1].map(() =>
        admin(t.app, 'POST', '/rider-cash/close/', {
          as: staff,
          payload: { rider_id: racer.id, day: today, handed_in: 0 },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  test('bad closings are refused with a message', async () => {
    for (const payload of [
      { rider_id: ram.id, day: '2026-02-30', handed_in: 1 },
      { rider_id: ram.id, day: '2099-01-01', handed_in: 1 },
      { rider_id: ram.id, day: '2026-01-01', handed_in: -1 },
      { rider_id: shopper.id, day: '2026-01-01', handed_in: 1 },
    ]) {
      const answer = await admin(t.app, 'POST', '/rider-cash/close/', { as: staff, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
  });
});
