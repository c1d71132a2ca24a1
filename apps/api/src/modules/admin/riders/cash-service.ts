import { toNepalIso } from '@pasal/contract/admin-common';
import {
  type AdminRiderCash,
  type AdminRiderCashDay,
  type adminCloseRiderDay,
  DAY_ALREADY_CLOSED,
  NOT_A_RIDER,
  RIDER_STILL_OUT,
} from '@pasal/contract/admin-riders';
import { and, asc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { riderCashDays } from '../../../db/schema/riders';
import { users } from '../../../db/schema/users';
import { BadRequestError, ConflictError } from '../../../lib/errors';
import { toPaisa, toRupees } from '../../../lib/money';
import { nepalDayOf, nepalDayStart, nextDay } from '../../../lib/nepal-day';
import { recordAudit } from '../audit/audit-log';
import { staffName } from '../audit/staff-name';
import { listRiders } from './assign-service';

// The day's cash per rider (docs/decisions/057): what the cash orders they delivered that Nepal day
// came to, what they recorded at the doors, and, once staff close the day, what was handed in.

const closer = alias(users, 'closer');

type CashOrder = {
  id: number;
  trackingId: string;
  total: number;
  cashCollected: number | null;
  riderId: number | null;
};

async function cashOrdersOf(db: DbOrTx, day: string, riderIds?: number[]): Promise<CashOrder[]> {
  return db
    .select({
      id: orders.id,
      trackingId: orders.trackingId,
      total: orders.total,
      cashCollected: orders.cashCollected,
      riderId: orders.riderId,
    })
    .from(orders)
    .where(
      and(
        eq(orders.orderStatus, 'Delivered'),
        eq(orders.paymentMethod, 'cash'),
        isNotNull(orders.riderId),
        riderIds ? inArray(orders.riderId, riderIds) : undefined,
        gte(orders.deliveredAt, nepalDayStart(day)),
        lt(orders.deliveredAt, nepalDayStart(nextDay(day))),
      ),
    )
    .orderBy(asc(orders.deliveredAt), asc(orders.id));
}

async function closedDays(db: DbOrTx, day: string, riderIds?: number[]) {
  return db
    .select({
      row: riderCashDays,
      by: { id: closer.id, firstName: closer.firstName, lastName: closer.lastName, email: closer.email },
    })
    .from(riderCashDays)
    .leftJoin(closer, eq(closer.id, riderCashDays.closedBy))
    .where(and(eq(riderCashDays.day, day), riderIds ? inArray(riderCashDays.riderId, riderIds) : undefined));
}

type Closed = Awaited<ReturnType<typeof closedDays>>[number];

function dayOf(
  rider: { id: number; firstName: string; lastName: string; phone: string | null; email: string | null },
  day: string,
  cash: CashOrder[],
  closed: Closed | undefined,
): AdminRiderCashDay {
  const expected = cash.reduce((sum, o) => sum + o.total, 0);
  const recorded = cash.reduce((sum, o) => sum + (o.cashCollected ?? 0), 0);
  return {
    rider: {
      id: rider.id,
      name: staffName(rider.firstName, rider.lastName) || (rider.phone ?? rider.email ?? `#${rider.id}`),
      phone: rider.phone,
    },
    day,
    orders: cash.map((o) => ({
      id: o.id,
      tracking_id: o.trackingId,
      total: toRupees(o.total),
      cash_collected: o.cashCollected === null ? null : toRupees(o.cashCollected),
    })),
    expected: toRupees(expected),
    recorded: toRupees(recorded),
    difference: toRupees(recorded - expected),
    closed: closed
      ? {
          expected: toRupees(closed.row.expected),
          recorded: toRupees(closed.row.recorded),
          handed_in: toRupees(closed.row.handedIn),
          difference: toRupees(closed.row.handedIn - closed.row.expected),
          note: closed.row.note,
          by: closed.by
            ? {
                id: closed.by.id,
                name: staffName(closed.by.firstName, closed.by.lastName),
                email: closed.by.email,
              }
            : null,
          at: toNepalIso(closed.row.closedAt),
        }
      : null,
  };
}

async function usersByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Every rider, and anyone who delivered cash orders that day or had it closed, with the day's cash. */
export async function riderCash(db: DbOrTx, day = nepalDayOf(new Date())): Promise<AdminRiderCash> {
  const [riders, cash, closed] = await Promise.all([
    listRiders(db),
    cashOrdersOf(db, day),
    closedDays(db, day),
  ]);
  const ids = new Set<number>([
    ...riders.map((r) => r.id),
    ...cash.map((o) => o.riderId as number),
    ...closed.map((c) => c.row.riderId),
  ]);
  const people = await usersByIds(db, [...ids]);
  return {
    day,
    riders: people.map((person) =>
      dayOf(
        person,
        day,
        cash.filter((o) => o.riderId === person.id),
        closed.find((c) => c.row.riderId === person.id),
      ),
    ),
  };
}

/**
 * Staff close a rider's day when the cash is handed in: the day's figures as they are now are kept
 * with the amount handed in, once (409 the second time, also under a race: the unique index on
 * rider and day decides). Audited with the difference.
 */
export async function closeRiderDay(
  db: Db,
  staffId: number,
  body: z.output<typeof adminCloseRiderDay>,
  now = new Date(),
): Promise<AdminRiderCashDay> {
  if (body.day > nepalDayOf(now)) throw new BadRequestError('That day has not come yet.');
  return db.transaction(async (tx) => {
    const [rider] = await usersByIds(tx, [body.rider_id]);
    const cash = await cashOrdersOf(tx, body.day, [body.rider_id]);
    const [isRider] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.rider_id), eq(users.isRider, true)));
    // A former rider's day can still be closed when they delivered cash orders that day.
    if (!rider || (!isRider && cash.length === 0)) throw new BadRequestError(NOT_A_RIDER);
    // Today, cash still on the road would be collected after the closing and counted nowhere.
    if (body.day === nepalDayOf(now)) {
      const out = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.riderId, body.rider_id),
            eq(orders.orderStatus, 'Out for Delivery'),
            eq(orders.paymentMethod, 'cash'),
          ),
        );
      if (out.length > 0) throw new ConflictError(RIDER_STILL_OUT, { order_ids: out.map((o) => o.id) });
    }
    const expected = cash.reduce((sum, o) => sum + o.total, 0);
    const recorded = cash.reduce((sum, o) => sum + (o.cashCollected ?? 0), 0);
    const handedIn = toPaisa(body.handed_in);
    const [inserted] = await tx
      .insert(riderCashDays)
      .values({
        riderId: body.rider_id,
        day: body.day,
        expected,
        recorded,
        handedIn,
        note: body.note ?? '',
        closedBy: staffId,
      })
      .onConflictDoNothing()
      .returning({ id: riderCashDays.id });
    if (!inserted) throw new ConflictError(DAY_ALREADY_CLOSED);
    await recordAudit(tx, {
      staffId,
      entity: 'rider_cash_day',
      entityId: inserted.id,
      action: 'close',
      before: null,
      after: {
        rider_id: body.rider_id,
        day: body.day,
        orders: cash.length,
        expected: toRupees(expected),
        recorded: toRupees(recorded),
        handed_in: toRupees(handedIn),
        difference: toRupees(handedIn - expected),
      },
      note: body.note || null,
    });
    const closed = await closedDays(tx, body.day, [body.rider_id]);
    return dayOf(rider, body.day, cash, closed[0]);
  });
}
