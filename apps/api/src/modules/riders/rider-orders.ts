import { ORDER_NOT_FOUND } from '@pasal/contract/orders';
import {
  CASH_REQUIRED,
  NO_CASH_FOR_PAID,
  type RiderOrder,
  type RiderOrderList,
  type riderDelivered as riderDeliveredBody,
  type riderNotDelivered as riderNotDeliveredBody,
} from '@pasal/contract/riders';
import { and, asc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { qualified } from '../../db/qualified';
import { deliveryStations } from '../../db/schema/locations';
import { orderLines, orders } from '../../db/schema/orders';
import { deliveryAttempts } from '../../db/schema/riders';
import { users } from '../../db/schema/users';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { toPaisa, toRupees } from '../../lib/money';
import { nepalDayOf, nepalDayStart } from '../../lib/nepal-day';
import { orderSlotView } from '../delivery/delivery-slots';
import { transitionOrder } from '../orders/order-transitions';
import { toOrderAddress } from '../orders/orders-read';

// What a rider sees and does (docs/decisions/057-delivery-riders.md): only the orders assigned to
// them; every status change goes through transitionOrder, which checks the assignment again.

type OrderRow = typeof orders.$inferSelect;

const itemsCount = sql<number>`(
  select coalesce(sum(${qualified(orderLines.quantity)}), 0) from ${orderLines}
  where ${qualified(orderLines.orderId)} = ${qualified(orders.id)}
)::int`.mapWith(Number);

const attemptsCount = sql<number>`(
  select count(*) from ${deliveryAttempts}
  where ${qualified(deliveryAttempts.orderId)} = ${qualified(orders.id)}
)::int`.mapWith(Number);

/** A Google Maps search for the landmark, local level and district (riders find houses by landmarks). */
export function mapUrl(address: { land_mark: string; municipality: string; district: string }): string {
  const query = [address.land_mark, address.municipality, address.district, 'Nepal']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** Cash is collected for a cash order not paid yet; anything paid online shows "Paid online". */
function cashDue(order: OrderRow): boolean {
  return order.paymentMethod === 'cash' && order.paymentStatus !== 'Paid';
}

function selectRiderOrders(db: DbOrTx) {
  return db
    .select({
      order: orders,
      station: { id: deliveryStations.id, name: deliveryStations.name },
      accountPhone: users.phone,
      items: itemsCount,
      attempts: attemptsCount,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(deliveryStations, eq(deliveryStations.id, orders.deliveryStationId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRiderOrders>['where']>>[number];

function toRiderOrder(row: Selected): RiderOrder {
  const { order } = row;
  const address = toOrderAddress(order.shippingAddress);
  const paid = order.paymentMethod !== 'cash';
  return {
    id: order.id,
    tracking_id: order.trackingId,
    order_status: order.orderStatus,
    customer: { name: address.full_name, phone: address.phone || row.accountPhone || '' },
    address: {
      location: address.location,
      land_mark: address.land_mark,
      municipality: address.municipality,
      municipality_ne: address.municipality_ne,
      district: address.district,
      district_ne: address.district_ne,
    },
    map_url: mapUrl(address),
    station: row.station?.id ? { id: row.station.id, name: row.station.name } : null,
    slot: orderSlotView(order),
    payment_method: order.paymentMethod,
    total: toRupees(order.total),
    to_collect: paid ? null : toRupees(order.total),
    items_count: row.items,
    cash_collected: order.cashCollected === null ? null : toRupees(order.cashCollected),
    delivered_at: order.deliveredAt?.toISOString() ?? null,
    attempts: row.attempts,
  };
}

/** The rider's order, or a 404 when it is not assigned to them (another rider's order is not theirs to see). */
async function riderOrderView(db: DbOrTx, riderId: number, orderId: number): Promise<RiderOrder> {
  const [row] = await selectRiderOrders(db).where(and(eq(orders.id, orderId), eq(orders.riderId, riderId)));
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  return toRiderOrder(row);
}

/**
 * The rider's day: every order assigned to them still to deliver, grouped by delivery slot (the
 * earliest first; orders without one last), then those they delivered today; within a slot by
 * station, local level, tole, then id, so neighbours come one after another.
 */
export async function listRiderOrders(
  db: DbOrTx,
  riderId: number,
  now = new Date(),
): Promise<RiderOrderList> {
  const day = nepalDayOf(now);
  const open: SQL = inArray(orders.orderStatus, ['Order Processing', 'Packed', 'Out for Delivery']);
  const deliveredToday = and(
    eq(orders.orderStatus, 'Delivered'),
    gte(orders.deliveredAt, nepalDayStart(day)),
  ) as SQL;
  const rows = await selectRiderOrders(db)
    .where(and(eq(orders.riderId, riderId), or(open, deliveredToday)))
    .orderBy(
      sql`(${orders.orderStatus} = 'Delivered')`,
      sql`${orders.slotDate} asc nulls last`,
      sql`${orders.slotStartsMinute} asc nulls last`,
      asc(sql`coalesce(${deliveryStations.name}, '')`),
      asc(sql`${orders.shippingAddress}->>'municipality'`),
      asc(sql`${orders.shippingAddress}->>'location'`),
      asc(orders.id),
    );
  return { day, orders: rows.map(toRiderOrder) };
}

/** The order locked, when assigned to the rider; else 404. */
async function lockAssigned(tx: DbOrTx, riderId: number, orderId: number): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.riderId, riderId)))
    .for('update');
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  return order;
}

export async function riderOutForDelivery(
  db: Db,
  config: AppConfig,
  riderId: number,
  orderId: number,
): Promise<RiderOrder> {
  await db.transaction(async (tx) => {
    await lockAssigned(tx, riderId, orderId);
    await transitionOrder(tx, config, { orderId, to: 'Out for Delivery', by: riderId });
  });
  return riderOrderView(db, riderId, orderId);
}

/** Delivered: a cash order needs the cash collected (recorded for the day's hand-in); a paid one none. */
export async function markDelivered(
  db: Db,
  config: AppConfig,
  riderId: number,
  orderId: number,
  body: z.output<typeof riderDeliveredBody>,
): Promise<RiderOrder> {
  await db.transaction(async (tx) => {
    const order = await lockAssigned(tx, riderId, orderId);
    const due = cashDue(order);
    // The cash is asked about only for a move that can happen (else transitionOrder's 409 says why).
    if (order.orderStatus === 'Out for Delivery') {
      if (due && body.cash_collected === undefined) throw new BadRequestError(CASH_REQUIRED);
      if (!due && body.cash_collected !== undefined) throw new BadRequestError(NO_CASH_FOR_PAID);
    }
    await transitionOrder(tx, config, { orderId, to: 'Delivered', by: riderId });
    if (due && body.cash_collected !== undefined) {
      await tx
        .update(orders)
        .set({ cashCollected: toPaisa(body.cash_collected) })
        .where(eq(orders.id, orderId));
    }
  });
  return riderOrderView(db, riderId, orderId);
}

/**
 * Could not deliver: the attempt is kept, the order goes back to Packed and off the rider, into
 * the shop's queue to be assigned again. Answers the order as it was handed back.
 */
export async function handBack(
  db: Db,
  config: AppConfig,
  riderId: number,
  orderId: number,
  body: z.output<typeof riderNotDeliveredBody>,
): Promise<RiderOrder> {
  return db.transaction(async (tx) => {
    await lockAssigned(tx, riderId, orderId);
    const note = body.note ?? '';
    await transitionOrder(tx, config, {
      orderId,
      to: 'Packed',
      by: riderId,
      returned: true,
      reason: `Could not deliver: ${body.reason}${note ? ` (${note})` : ''}`.slice(0, 500),
      // The customer is told the reason from the list, in their language; the note stays the shop's.
      notDelivered: body.reason,
    });
    await tx.insert(deliveryAttempts).values({ orderId, riderId, reason: body.reason, note });
    const view = await riderOrderView(tx, riderId, orderId);
    await tx.update(orders).set({ riderId: null }).where(eq(orders.id, orderId));
    return view;
  });
}
