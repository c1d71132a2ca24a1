import {
  nepalDay,
  SLOT_CLOSED,
  SLOT_FULL,
  SLOT_NOT_OFFERED,
  SLOT_REQUIRED,
  type SlotOption,
  slotStart,
  slotTime,
} from '@pasal/contract/delivery-slots';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliverySlots, deliveryStations } from '../../db/schema/locations';
import { orders } from '../../db/schema/orders';
import { BadRequestError, ConflictError } from '../../lib/errors';

// Delivery slots (decision 058). A slot's places taken are counted from its live orders of the
// day, so any cancellation frees its place with nothing else to update.

interface SlotRow {
  id: number;
  startsMinute: number;
  endsMinute: number;
  capacity: number;
}

/** The slot taken by an order: its day and its times, copied onto the order row. */
export interface TakenSlot {
  id: number;
  date: string;
  startsMinute: number;
  endsMinute: number;
}

function refuse(message: string): BadRequestError {
  return new BadRequestError(message, { msg: message, error: { slot: [message] } });
}

/** A slot stops taking orders `cutoff` minutes before it starts. */
function isOpen(day: string, startsMinute: number, cutoffMinutes: number, now: Date): boolean {
  return now.getTime() < slotStart(day, startsMinute).getTime() - cutoffMinutes * 60_000;
}

/**
 * Live orders per slot and day (`id@day`) for these slots of a station on these days. An order
 * whose slot was removed from the console (its slot id is then null) still counts against a slot
 * of its station with the same times: removing the 09:00–12:00 slot and adding it again must not
 * give that day's places out twice.
 */
async function placesTaken(
  db: DbOrTx,
  stationId: number,
  slots: SlotRow[],
  days: string[],
): Promise<Map<string, number>> {
  if (slots.length === 0) return new Map();
  const rows = await db
    .select({
      slotId: orders.slotId,
      day: orders.slotDate,
      startsMinute: orders.slotStartsMinute,
      endsMinute: orders.slotEndsMinute,
      taken: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        or(
          inArray(
            orders.slotId,
            slots.map((slot) => slot.id),
          ),
          and(isNull(orders.slotId), eq(orders.deliveryStationId, stationId)),
        ),
        inArray(orders.slotDate, days),
        ne(orders.orderStatus, 'Cancelled'),
      ),
    )
    .groupBy(orders.slotId, orders.slotDate, orders.slotStartsMinute, orders.slotEndsMinute);
  const taken = new Map<string, number>();
  const add = (slotId: number, day: string, count: number) =>
    taken.set(`${slotId}@${day}`, (taken.get(`${slotId}@${day}`) ?? 0) + count);
  for (const row of rows) {
    if (row.day === null) continue;
    if (row.slotId !== null) add(row.slotId, row.day, row.taken);
    else
      for (const slot of slots)
        if (slot.startsMinute === row.startsMinute && slot.endsMinute === row.endsMinute)
          add(slot.id, row.day, row.taken);
  }
  return taken;
}

async function stationCutoff(db: DbOrTx, stationId: number): Promise<number> {
  const [row] = await db
    .select({ cutoff: deliveryStations.slotCutoffMinutes })
    .from(deliveryStations)
    .where(eq(deliveryStations.id, stationId));
  return row?.cutoff ?? 0;
}

/** Today's and tomorrow's slots of a station (Nepal days), each with whether it can still take an order. */
export async function slotOptions(db: DbOrTx, stationId: number, now: Date): Promise<SlotOption[]> {
  const slots: SlotRow[] = await db
    .select()
    .from(deliverySlots)
    .where(eq(deliverySlots.stationId, stationId))
    .orderBy(asc(deliverySlots.startsMinute));
  if (slots.length === 0) return [];
  const cutoff = await stationCutoff(db, stationId);
  const days = [nepalDay(now), nepalDay(now, 1)];
  const taken = await placesTaken(db, stationId, slots, days);
  return days.flatMap((day) =>
    slots.map((slot) => {
      const open = isOpen(day, slot.startsMinute, cutoff, now);
      const full = (taken.get(`${slot.id}@${day}`) ?? 0) >= slot.capacity;
      const reason = !open ? ('closed' as const) : full ? ('full' as const) : null;
      return {
        id: slot.id,
        date: day,
        starts: slotTime(slot.startsMinute),
        ends: slotTime(slot.endsMinute),
        available: reason === null,
        reason,
      };
    }),
  );
}

/**
 * Inside the checkout's transaction, before the order is written: the chosen slot must be one of
 * the delivering station's, today or tomorrow, before its cut-off and not full. The slot's row is
 * locked until the commit, so two orders for its last place are counted one after the other and
 * only one gets it. A station without slots takes no slot (null).
 */
export async function takeSlot(
  tx: DbOrTx,
  stationId: number,
  choice: { id: number; date: string } | undefined,
  now: Date,
): Promise<TakenSlot | null> {
  if (!choice) {
    const [any] = await tx
      .select({ id: deliverySlots.id })
      .from(deliverySlots)
      .where(eq(deliverySlots.stationId, stationId))
      .limit(1);
    if (any) throw refuse(SLOT_REQUIRED);
    return null;
  }
  const [slot] = await tx
    .select()
    .from(deliverySlots)
    .where(and(eq(deliverySlots.id, choice.id), eq(deliverySlots.stationId, stationId)))
    .for('update');
  if (!slot) throw refuse(SLOT_NOT_OFFERED);
  const days = [nepalDay(now), nepalDay(now, 1)];
  if (!days.includes(choice.date)) throw refuse(SLOT_CLOSED);
  if (!isOpen(choice.date, slot.startsMinute, await stationCutoff(tx, stationId), now))
    throw refuse(SLOT_CLOSED);
  const taken = await placesTaken(tx, stationId, [slot], [choice.date]);
  if ((taken.get(`${slot.id}@${choice.date}`) ?? 0) >= slot.capacity)
    throw new ConflictError(SLOT_FULL, { msg: SLOT_FULL, error: { slot: [SLOT_FULL] } });
  return { id: slot.id, date: choice.date, startsMinute: slot.startsMinute, endsMinute: slot.endsMinute };
}

/** An order's slot as clients read it. */
export function orderSlotView(row: {
  slotDate: string | null;
  slotStartsMinute: number | null;
  slotEndsMinute: number | null;
}) {
  if (row.slotDate === null || row.slotStartsMinute === null || row.slotEndsMinute === null) return null;
  return { date: row.slotDate, starts: slotTime(row.slotStartsMinute), ends: slotTime(row.slotEndsMinute) };
}
