import { STALE_EDIT, toNepalIso } from '@pasal/contract/admin-common';
import type {
  AdminOrder,
  AdminOrderPage,
  AdminOrderSummary,
  adminOrderListQuery,
  adminOrderTransition,
} from '@pasal/contract/admin-orders';
import { ORDER_NOT_FOUND, type OrderStatus } from '@pasal/contract/orders';
import { and, asc, count, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppConfig } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { deliveryStations } from '../../../db/schema/locations';
import {
  orderCancellations,
  orderLines,
  orderStatusHistory,
  orders,
  payments,
} from '../../../db/schema/orders';
import { vouchers } from '../../../db/schema/shopping';
import { users } from '../../../db/schema/users';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { toRupees } from '../../../lib/money';
import { nepalDayStart, nextDay } from '../../../lib/nepal-day';
import { orderSlotView } from '../../delivery/delivery-slots';
import { NEXT_STATUSES, transitionOrder } from '../../orders/order-transitions';
import { toOrderAddress } from '../../orders/orders-read';
import { everyWord, idOf, pageAnswer, pageWindow, sortBy } from '../admin-list';
import { recordAudit } from '../audit/audit-log';
import { staffName } from '../audit/staff-name';
import { refundView } from './refund-view';

type OrderRow = typeof orders.$inferSelect;
type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'middleName' | 'lastName' | 'phone' | 'email'
>;

export const itemsCount = sql<number>`(
  select coalesce(sum(${qualified(orderLines.quantity)}), 0) from ${orderLines}
  where ${qualified(orderLines.orderId)} = ${qualified(orders.id)}
)::int`.mapWith(Number);

export const customerColumns = {
  id: users.id,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  phone: users.phone,
  email: users.email,
};

function customerOf(user: UserRow) {
  return {
    id: user.id,
    name: [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' '),
    phone: user.phone,
    email: user.email,
  };
}

/** The order's rider, joined as a second users table. */
export const riderUsers = alias(users, 'rider');
export const riderColumns = {
  id: riderUsers.id,
  firstName: riderUsers.firstName,
  lastName: riderUsers.lastName,
};
type RiderRow = { id: number; firstName: string; lastName: string } | null;

export function toSummary(order: OrderRow, user: UserRow, items: number, rider: RiderRow): AdminOrderSummary {
  return {
    id: order.id,
    tracking_id: order.trackingId,
    created_at: toNepalIso(order.createdAt),
    order_status: order.orderStatus,
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    total: toRupees(order.total),
    items_count: items,
    customer: customerOf(user),
    slot: orderSlotView(order),
    rider: rider ? { id: rider.id, name: staffName(rider.firstName, rider.lastName) } : null,
  };
}

const sortColumns = { created_at: orders.createdAt, total: orders.total, id: orders.id };

/**
 * q as an order id, or words of the tracking id and the customer's name, phone or e-mail. A short
 * number (under 4 digits) is only an id: "12" should find order 12, not every phone with a 12 in it.
 */
function searchBy(q: string | undefined, words: SQL | undefined): SQL | undefined {
  const id = idOf(q);
  if (id === undefined) return words;
  return (q ?? '').trim().length < 4 ? eq(orders.id, id) : or(eq(orders.id, id), words);
}

export async function listOrders(
  db: DbOrTx,
  query: z.output<typeof adminOrderListQuery>,
): Promise<AdminOrderPage> {
  const words = everyWord(query.q, [
    orders.trackingId,
    users.firstName,
    users.middleName,
    users.lastName,
    users.phone,
    users.email,
    sql`${orders.shippingAddress}->>'full_name'`,
    sql`${orders.shippingAddress}->>'phone'`,
  ]);
  const where = and(
    query.status ? eq(orders.orderStatus, query.status) : undefined,
    query.payment_status ? eq(orders.paymentStatus, query.payment_status) : undefined,
    query.payment_method ? eq(orders.paymentMethod, query.payment_method) : undefined,
    query.from ? gte(orders.createdAt, nepalDayStart(query.from)) : undefined,
    query.to ? lt(orders.createdAt, nepalDayStart(nextDay(query.to))) : undefined,
    query.slot_date ? eq(orders.slotDate, query.slot_date) : undefined,
    query.slot_starts === undefined ? undefined : eq(orders.slotStartsMinute, query.slot_starts),
    searchBy(query.q, words),
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({ order: orders, customer: customerColumns, items: itemsCount, rider: riderColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(riderUsers, eq(riderUsers.id, orders.riderId))
    .where(where)
    .orderBy(...sortBy(sortColumns[query.sort], query.order, orders.id))
    .limit(limit)
    .offset(offset);
  return pageAnswer(
    query,
    Number(total),
    rows.map((row) => toSummary(row.order, row.customer, row.items, row.rider)),
  );
}

/** The whole order as the console shows it: lines, customer, address, payments, history. */
export async function orderView(db: DbOrTx, orderId: number): Promise<AdminOrder> {
  const [row] = await db
    .select({
      order: orders,
      customer: customerColumns,
      voucherCode: vouchers.code,
      station: { id: deliveryStations.id, name: deliveryStations.name },
      rider: riderColumns,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(riderUsers, eq(riderUsers.id, orders.riderId))
    .leftJoin(vouchers, eq(vouchers.id, orders.voucherId))
    .leftJoin(deliveryStations, eq(deliveryStations.id, orders.deliveryStationId))
    .where(eq(orders.id, orderId));
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  const { order } = row;
  // One after another: a transaction's reads share its one connection (a conflict's view is read
  // inside the transaction that found it).
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const attempts = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.attempt), asc(payments.id));
  const history = await db
    .select({
      entry: orderStatusHistory,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.actorUserId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  const [cancellation] = await db
    .select()
    .from(orderCancellations)
    .where(eq(orderCancellations.orderId, orderId));
  const refunded = await refundView(db, orderId);
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    ...toSummary(order, row.customer, items, row.rider),
    subtotal: toRupees(order.subtotal),
    discount: toRupees(order.discount),
    delivery_charge: toRupees(order.deliveryCharge),
    voucher_code: row.voucherCode,
    notes: order.notes,
    shipping_address: toOrderAddress(order.shippingAddress),
    delivery_station: row.station?.id ? { id: row.station.id, name: row.station.name } : null,
    lines: lines.map((line) => ({
      id: line.id,
      product_id: line.productId,
      title: line.title,
      image: line.image,
      quantity: line.quantity,
      price: toRupees(line.unitPrice),
      marked_price: toRupees(line.markedPrice),
      line_total: toRupees(line.lineTotal),
    })),
    payment_completed: order.paymentCompleted,
    payment_reference: order.paymentReference,
    paid_at: order.paidAt ? toNepalIso(order.paidAt) : null,
    delivered_at: order.deliveredAt ? toNepalIso(order.deliveredAt) : null,
    updated_at: toNepalIso(order.updatedAt),
    payments: attempts.map((p) => ({
      id: p.id,
      attempt: p.attempt,
      provider: p.provider,
      reference: p.reference,
      amount: toRupees(p.amount),
      status: p.status,
      provider_status: p.providerStatus,
      provider_ref: p.providerRef,
      paid_amount: p.paidAmount === null ? null : toRupees(p.paidAmount),
      refund_due: p.refundDue,
      created_at: toNepalIso(p.createdAt),
      confirmed_at: p.confirmedAt ? toNepalIso(p.confirmedAt) : null,
    })),
    history: history.map(({ entry, firstName, lastName, email }) => ({
      from: entry.fromStatus,
      to: entry.toStatus,
      at: toNepalIso(entry.createdAt),
      actor: entry.actor,
      by:
        entry.actorUserId !== null && firstName !== null
          ? { id: entry.actorUserId, name: staffName(firstName, lastName ?? ''), email }
          : null,
      reason: entry.reason,
    })),
    cancellation: cancellation
      ? {
          at: toNepalIso(cancellation.createdOn),
          by: cancellation.cancelledBy,
          remarks: cancellation.remarks,
        }
      : null,
    // An online order not paid yet cannot go forward (transitionOrder refuses it): only a cancel.
    next_statuses: NEXT_STATUSES[order.orderStatus].filter(
      (to) => to === 'Cancelled' || order.paymentMethod === 'cash' || order.paymentStatus === 'Paid',
    ),
    refunded_at: order.refundedAt ? toNepalIso(order.refundedAt) : null,
    refund: refunded.refund,
    can_refund: order.paymentStatus === 'Refund due' && !refunded.running,
    refund_needs_reference: order.paymentMethod !== 'khalti',
  };
}

/** What the audit log keeps of an order: the parts a move changes. */
function auditView(order: OrderRow) {
  return { order_status: order.orderStatus, payment_status: order.paymentStatus };
}

/**
 * Staff move an order (the staff transition service: one step forward, or Cancelled with a reason,
 * which restores the stock and releases the promo use), checked against the status the console
 * read, and audited, all in one transaction.
 */
export async function moveOrder(
  db: Db,
  config: AppConfig,
  staffId: number,
  orderId: number,
  body: z.output<typeof adminOrderTransition>,
): Promise<AdminOrder> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!before) throw new NotFoundError(ORDER_NOT_FOUND);
    if (before.orderStatus !== body.from)
      throw new ConflictError(STALE_EDIT, { current: await orderView(tx, orderId) });
    const after = await transitionOrder(tx, config, {
      orderId,
      to: body.status as OrderStatus,
      by: staffId,
      reason: body.reason,
    });
    await recordAudit(tx, {
      staffId,
      entity: 'order',
      entityId: orderId,
      action: 'status_change',
      before: auditView(before),
      after: auditView(after),
      note: body.reason || null,
    });
  });
  return orderView(db, orderId);
}
