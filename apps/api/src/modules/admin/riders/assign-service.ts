import type { AdminOrderSummary } from '@pasal/contract/admin-orders';
import {
  type AdminRider,
  ASSIGN_FINISHED,
  ASSIGN_OUT,
  NOT_A_RIDER,
  RIDER_OWN_ORDER,
} from '@pasal/contract/admin-riders';
import { ORDER_NOT_FOUND } from '@pasal/contract/orders';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { orders } from '../../../db/schema/orders';
import { users } from '../../../db/schema/users';
import { BadRequestError, ConflictError, NotFoundError } from '../../../lib/errors';
import { recordAudit } from '../audit/audit-log';
import { staffName } from '../audit/staff-name';
import { customerColumns, itemsCount, riderColumns, riderUsers, toSummary } from '../orders/order-service';

const openOrders = sql<number>`(
  select count(*) from ${orders}
  where ${qualified(orders.riderId)} = ${qualified(users.id)}
    and ${qualified(orders.orderStatus)} not in ('Delivered', 'Cancelled')
)::int`.mapWith(Number);

/** Riders who can take orders now (active, not disabled or deleted), by name. */
export async function listRiders(db: DbOrTx): Promise<AdminRider[]> {
  const rows = await db
    .select({ user: users, openOrders })
    .from(users)
    .where(
      and(
        eq(users.isRider, true),
        eq(users.isActive, true),
        isNull(users.disabledAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map(({ user, openOrders: open }) => ({
    id: user.id,
    name: staffName(user.firstName, user.lastName) || (user.phone ?? user.email ?? `#${user.id}`),
    phone: user.phone,
    email: user.email,
    open_orders: open,
  }));
}

async function summaries(db: DbOrTx, ids: number[]): Promise<AdminOrderSummary[]> {
  const rows = await db
    .select({ order: orders, customer: customerColumns, items: itemsCount, rider: riderColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(riderUsers, eq(riderUsers.id, orders.riderId))
    .where(inArray(orders.id, ids))
    .orderBy(asc(orders.id));
  return rows.map((row) => toSummary(row.order, row.customer, row.items, row.rider));
}

/**
 * Gives orders to a rider (or takes them off with null), all or none: every order must exist (404)
 * and still be on its way (409 for a delivered or cancelled one), and none may be the rider's own
 * (400: they would mark it delivered and record its cash). Each order whose rider changes
 * gets an audit entry; an order already with that rider is left alone.
 */
export async function assignOrders(
  db: Db,
  staffId: number,
  orderIds: number[],
  riderId: number | null,
): Promise<AdminOrderSummary[]> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    if (riderId !== null) {
      const [rider] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, riderId),
            eq(users.isRider, true),
            eq(users.isActive, true),
            isNull(users.disabledAt),
            isNull(users.deletedAt),
          ),
        )
        // Locked (shared), so the account stays a rider until these orders are theirs.
        .for('share');
      if (!rider) throw new BadRequestError(NOT_A_RIDER);
    }
    // Locked in id order, so two bulk assignments over the same orders cannot deadlock.
    const locked = await tx
      .select({ id: orders.id, status: orders.orderStatus, riderId: orders.riderId, userId: orders.userId })
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.id))
      .for('update');
    if (locked.length !== ids.length) throw new NotFoundError(ORDER_NOT_FOUND);
    const finished = locked.filter((o) => o.status === 'Delivered' || o.status === 'Cancelled');
    if (finished.length > 0)
      throw new ConflictError(ASSIGN_FINISHED, { order_ids: finished.map((o) => o.id) });
    // On the road: the parcel (and a cash order's money) is with its rider until they deliver it or
    // hand it back, so the order cannot change hands in the console meanwhile.
    const out = locked.filter(
      (o) => o.status === 'Out for Delivery' && o.riderId !== null && o.riderId !== riderId,
    );
    if (out.length > 0) throw new ConflictError(ASSIGN_OUT, { order_ids: out.map((o) => o.id) });
    const own = locked.filter((o) => riderId !== null && o.userId === riderId);
    if (own.length > 0) throw new BadRequestError(RIDER_OWN_ORDER, { order_ids: own.map((o) => o.id) });
    const changing = locked.filter((o) => o.riderId !== riderId);
    if (changing.length === 0) return;
    await tx
      .update(orders)
      .set({ riderId, updatedAt: new Date() })
      .where(
        inArray(
          orders.id,
          changing.map((o) => o.id),
        ),
      );
    for (const order of changing) {
      await recordAudit(tx, {
        staffId,
        entity: 'order',
        entityId: order.id,
        action: 'assign',
        before: { rider_id: order.riderId },
        after: { rider_id: riderId },
      });
    }
  });
  return summaries(db, ids);
}
