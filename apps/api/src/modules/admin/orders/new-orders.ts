import { type AdminNewOrders, NEW_ORDERS_LISTED } from '@pasal/contract/admin-orders';
import { count, desc, eq, gt, max } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { users } from '../../../db/schema/users';
import { customerColumns, itemsCount, riderColumns, riderUsers, toSummary } from './order-service';

/**
 * The console's poll (every few seconds, from every open console): the orders placed since the
 * newest id it has seen, read from the database so any API instance answers the same. Cheap on
 * the primary key: a max, a count of the ids above `after` and the newest few of them. An order
 * whose transaction took an id but committed after a later one is still counted by the next poll
 * as long as the console keeps the `after` it had (decision 059).
 */
export async function newOrders(db: DbOrTx, after: number | undefined): Promise<AdminNewOrders> {
  const [{ latest }] = await db.select({ latest: max(orders.id) }).from(orders);
  const latestId = latest ?? 0;
  if (after === undefined || after >= latestId) return { latest_id: latestId, count: 0, results: [] };
  const [{ total }] = await db.select({ total: count() }).from(orders).where(gt(orders.id, after));
  const rows = await db
    .select({ order: orders, customer: customerColumns, items: itemsCount, rider: riderColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(riderUsers, eq(riderUsers.id, orders.riderId))
    .where(gt(orders.id, after))
    .orderBy(desc(orders.id))
    .limit(NEW_ORDERS_LISTED);
  return {
    latest_id: latestId,
    count: Number(total),
    results: rows.map((row) => toSummary(row.order, row.customer, row.items, row.rider)),
  };
}
