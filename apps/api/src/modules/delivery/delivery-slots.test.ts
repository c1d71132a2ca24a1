import { SLOT_CLOSED, SLOT_FULL, SLOT_NOT_OFFERED, SLOT_REQUIRED } from '@pasal/contract/delivery-slots';
import { asc, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { municipalities, stationCoverage } from '../../db/schema/locations';
import { orders } from '../../db/schema/orders';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createAddress, createProduct } from '../../test/factories';
import { call, type Shopper } from '../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../test/staff';
import { body, customerWithAddress, order } from '../checkout/checkout-test-helpers';

// 11:30 in Nepal (UTC+5:45) on 2026-11-26: with a 60-minute cut-off, today's 09:00 slot has
// started, 12:00 closed at 11:00, 15:00 is open; tomorrow's are all open.
const NOW = new Date('2026-11-26T05:45:00Z');
const TODAY = '2026-11-26';
const TOMORROW = '2026-11-27';

let t: TestApp;
let staff: StaffMember;
let free: number[];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  t = await buildTestApp();
  await seedLocations(t.db);
  staff = await newStaff(t.app, t.db);
  // Local levels no seeded station serves, so each test owns its station.
  const rows = await t.db
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(
      notInArray(
        municipalities.id,
        t.db.select({ id: stationCoverage.municipalityId }).from(stationCoverage),
      ),
    )
    .orderBy(asc(municipalities.id))
    .limit(10);
  free = rows.map((row) => row.id);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

interface Slot {
  starts: string;
  ends: string;
  capacity: number;
}

/** A station serving a fresh local level, with these slots set through the console. */
async function stationWithSlots(slots: Slot[], cutoff = 60) {
  const municipality = free.shift()!;
  const created = await admin(t.app, 'POST', '/delivery-stations/', {
    as: staff,
    payload: { name: 'Slot Station', municipality, coverage: [{ municipality, distance_km: 2 }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const station = created.json().station;
  const set = await admin(t.app, 'PUT', `/delivery-stations/${station.id}/slots/`, {
    as: staff,
    payload: { version: station.version, cutoff_minutes: cutoff, slots },
  });
  expect(set.statusCode, set.body).toBe(200);
  return { municipality, station: set.json().station };
}

async function customerIn(municipalityId: number): Promise<Shopper & { addressId: number }> {
  const customer = await customerWithAddress(t.app, t.db);
  const address = await createAddress(t.db, customer.id, { municipalityId });
  return { ...customer, addressId: address.id };
}

async function slotsFor(customer: Shopper & { addressId: number }) {
  const answer = await call(t.app, 'GET', `/order/delivery-slots/?address_id=${customer.addressId}`, {
    as: customer,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.slots as { id: number; date: string; starts: string; reason: string | null }[];
}

const DAY_SLOTS: Slot[] = [
  { starts: '09:00', ends: '12:00', capacity: 5 },
  { starts: '12:00', ends: '15:00', capacity: 5 },
  { starts: '15:00', ends: '18:00', capacity: 5 },
];

describe('delivery slots', () => {
  test('the console sets a station’s slots (audited, version-checked) and checkout lists today’s and tomorrow’s', async () => {
    const { municipality, station } = await stationWithSlots(DAY_SLOTS);
    expect(station.delivery_slots).toEqual({
      cutoff_minutes: 60,
      slots: DAY_SLOTS.map((slot) => ({ id: expect.any(Number), ...slot })),
    });
    const stale = await admin(t.app, 'PUT', `/delivery-stations/${station.id}/slots/`, {
      as: staff,
      payload: { version: 1, cutoff_minutes: 30, slots: [] },
    });
    expect(stale.statusCode).toBe(409);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'slots_replace'));
    expect(entry).toMatchObject({ entity: 'delivery_station', entityId: station.id });

    const customer = await customerIn(municipality);
    const slots = await slotsFor(customer);
    expect(slots.map((s) => [s.date, s.starts, s.reason])).toEqual([
      [TODAY, '09:00', 'closed'],
      [TODAY, '12:00', 'closed'],
      [TODAY, '15:00', null],
      [TOMORROW, '09:00', null],
      [TOMORROW, '12:00', null],
      [TOMORROW, '15:00', null],
    ]);
  });

  test('checkout requires a slot, refuses a closed or foreign one, and the order keeps its slot', async () => {
    const { municipality, station } = await stationWithSlots(DAY_SLOTS);
    const other = await stationWithSlots(DAY_SLOTS);
    const [morning, noon, afternoon] = station.delivery_slots.slots;
    const customer = await customerIn(municipality);
    const product = await createProduct(t.db, { stock: 50 });
    const line: [number, number][] = [[product.id, 1]];

    const none = await order(t.app, customer, body(customer.addressId, line));
    expect([none.statusCode, none.json().message]).toEqual([400, SLOT_REQUIRED]);
    const closed = await order(
      t.app,
      customer,
      body(customer.addressId, line, { slot: { id: noon.id, date: TODAY } }),
    );
    expect([closed.statusCode, closed.json().message]).toEqual([400, SLOT_CLOSED]);
    const yesterday = await order(
      t.app,
      customer,
      body(customer.addressId, line, { slot: { id: afternoon.id, date: '2026-11-25' } }),
    );
    expect([yesterday.statusCode, yesterday.json().message]).toEqual([400, SLOT_CLOSED]);
    const foreign = await order(
      t.app,
      customer,
      body(customer.addressId, line, {
        slot: { id: other.station.delivery_slots.slots[0].id, date: TOMORROW },
      }),
    );
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, SLOT_NOT_OFFERED]);

    const placed = await order(
      t.app,
      customer,
      body(customer.addressId, line, { slot: { id: morning.id, date: TOMORROW } }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order_id;
    // A later console edit of the slot does not rewrite the order's.
    await admin(t.app, 'PUT', `/delivery-stations/${station.id}/slots/`, {
      as: staff,
      payload: {
        version: station.version,
        cutoff_minutes: 60,
        slots: [{ id: morning.id, starts: '08:00', ends: '11:00', capacity: 5 }],
      },
    });
    const mine = await call(t.app, 'GET', `/order/${orderId}/`, { as: customer });
    expect(mine.json().slot ?? mine.json().data?.slot).toEqual({
      date: TOMORROW,
      starts: '09:00',
      ends: '12:00',
    });
    const inConsole = await admin(t.app, 'GET', `/orders/${orderId}/`, { as: staff });
    expect(inConsole.json().order.slot).toEqual({ date: TOMORROW, starts: '09:00', ends: '12:00' });
    const filtered = await admin(t.app, 'GET', `/orders/?slot_date=${TOMORROW}&slot_starts=09:00`, {
      as: staff,
    });
    expect(filtered.json().results.map((o: { id: number }) => o.id)).toContain(orderId);
    const otherSlot = await admin(t.app, 'GET', `/orders/?slot_date=${TOMORROW}&slot_starts=12:00`, {
      as: staff,
    });
    expect(otherSlot.json().results.map((o: { id: number }) => o.id)).not.toContain(orderId);
  });

  test('parallel checkouts for a slot’s last place: exactly one wins, the rest hear it is full', async () => {
    const { municipality, station } = await stationWithSlots([
      { starts: '09:00', ends: '12:00', capacity: 3 },
    ]);
    const slot = { id: station.delivery_slots.slots[0].id, date: TOMORROW };
    const product = await createProduct(t.db, { stock: 100 });
    const early = await Promise.all([customerIn(municipality), customerIn(municipality)]);
    for (const c of early) {
      const answer = await order(t.app, c, body(c.addressId, [[product.id, 1]], { slot }));
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const racers = await Promise.all(Array.from({ length: 8 }, () => customerIn(municipality)));
    const answers = await Promise.all(
      racers.map((c) => order(t.app, c, body(c.addressId, [[product.id, 1]], { slot }))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201))
      expect([answer.statusCode, answer.json().message]).toEqual([409, SLOT_FULL]);
    const taken = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.slotId, slot.id));
    expect(taken).toHaveLength(3);
    const listed = await slotsFor(racers[0]);
    expect(listed.find((s) => s.date === TOMORROW)?.reason).toBe('full');
  });

  test('a slot removed and added again with the same times still counts the day’s orders', async () => {
    const { municipality, station } = await stationWithSlots([
      { starts: '15:00', ends: '18:00', capacity: 1 },
    ]);
    const slot = { id: station.delivery_slots.slots[0].id, date: TODAY };
    const product = await createProduct(t.db, { stock: 100 });
    const [first, second] = await Promise.all([customerIn(municipality), customerIn(municipality)]);
    const placed = await order(t.app, first, body(first.addressId, [[product.id, 1]], { slot }));
    expect(placed.statusCode, placed.body).toBe(201);

    // The owner deletes the row in the console and adds the same slot back: a new slot id.
    const replaced = await admin(t.app, 'PUT', `/delivery-stations/${station.id}/slots/`, {
      as: staff,
      payload: {
        version: station.version,
        cutoff_minutes: 60,
        slots: [{ starts: '15:00', ends: '18:00', capacity: 1 }],
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const again = replaced.json().station.delivery_slots.slots[0].id;
    expect(again).not.toBe(slot.id);

    expect((await slotsFor(second)).find((s) => s.date === TODAY)?.reason).toBe('full');
    const refused = await order(
      t.app,
      second,
      body(second.addressId, [[product.id, 1]], { slot: { id: again, date: TODAY } }),
    );
    expect([refused.statusCode, refused.json().message]).toEqual([409, SLOT_FULL]);
    // Tomorrow's place is free, and the order placed first kept its times.
    const tomorrow = await order(
      t.app,
      second,
      body(second.addressId, [[product.id, 1]], { slot: { id: again, date: TOMORROW } }),
    );
    expect(tomorrow.statusCode, tomorrow.body).toBe(201);
  });

  test('a cancelled order frees its place, by the customer or by staff', async () => {
    const { municipality, station } = await stationWithSlots([
      { starts: '15:00', ends: '18:00', capacity: 1 },
    ]);
    const slot = { id: station.delivery_slots.slots[0].id, date: TODAY };
    const product = await createProduct(t.db, { stock: 100 });
    const [first, second, third] = await Promise.all([
      customerIn(municipality),
      customerIn(municipality),
      customerIn(municipality),
    ]);
    const placed = await order(t.app, first, body(first.addressId, [[product.id, 1]], { slot }));
    expect(placed.statusCode, placed.body).toBe(201);
    const full = await order(t.app, second, body(second.addressId, [[product.id, 1]], { slot }));
    expect(full.statusCode).toBe(409);

    const cancelled = await call(t.app, 'POST', `/order/cancel/${placed.json().order_id}/`, {
      as: first,
      payload: { reason: 'Ordered twice' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await slotsFor(second)).map((s) => s.reason)).toEqual([null, null]);
    const again = await order(t.app, second, body(second.addressId, [[product.id, 1]], { slot }));
    expect(again.statusCode, again.body).toBe(201);

    const byStaff = await admin(t.app, 'POST', `/orders/${again.json().order_id}/status/`, {
      as: staff,
      payload: { status: 'Cancelled', from: 'Order Processing', reason: 'Out of area today' },
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    const third1 = await order(t.app, third, body(third.addressId, [[product.id, 1]], { slot }));
    expect(third1.statusCode, third1.body).toBe(201);
  });

  test('someone else’s address is a 404; bad slot edits are refused with a message and change nothing', async () => {
    const { municipality, station } = await stationWithSlots(DAY_SLOTS);
    const owner = await customerIn(municipality);
    const stranger = await customerWithAddress(t.app, t.db);
    const peek = await call(t.app, 'GET', `/order/delivery-slots/?address_id=${owner.addressId}`, {
      as: stranger,
    });
    expect(peek.statusCode).toBe(404);

    const attempts = [
      {
        slots: [
          { starts: '09:00', ends: '12:00', capacity: 5 },
          { starts: '11:00', ends: '13:00', capacity: 5 },
        ],
      },
      { slots: [{ starts: '12:00', ends: '09:00', capacity: 5 }] },
      { slots: [{ starts: '9am', ends: '12:00', capacity: 5 }] },
      { slots: [{ starts: '09:00', ends: '12:00', capacity: 0 }] },
      { slots: [{ id: 999_999, starts: '09:00', ends: '12:00', capacity: 5 }] },
    ];
    for (const attempt of attempts) {
      const answer = await admin(t.app, 'PUT', `/delivery-stations/${station.id}/slots/`, {
        as: staff,
        payload: { version: station.version, cutoff_minutes: 60, ...attempt },
      });
      expect(answer.statusCode, JSON.stringify(attempt)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const now = await admin(t.app, 'GET', `/delivery-stations/${station.id}/`, { as: staff });
    expect(now.json().station.delivery_slots).toEqual(station.delivery_slots);
  });
});
