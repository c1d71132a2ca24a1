import { toNepalIso } from '@pasal/contract/admin-common';
import { type Dashboard, WAITING_ORDER_STATUSES } from '@pasal/contract/admin-dashboard';
import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema/catalogue';
import { orders, payments } from '../../../db/schema/orders';
import { toRupees } from '../../../lib/money';

const DAY_MS = 86_400_000;
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;
const LIST_SIZE = 20;

/** Nepal's today and this week (from Sunday) around `now`, as UTC instants [from, to). */
export function nepalPeriods(now: Date) {
  const local = now.getTime() + NEPAL_OFFSET_MS;
  const todayStart = local - (local % DAY_MS) - NEPAL_OFFSET_MS;
  const weekday = new Date(local).getUTCDay(); // 0 = Sunday, the first day of Nepal's week
  const weekStart = todayStart - weekday * DAY_MS;
  return {
    today: { from: new Date(todayStart), to: new Date(todayStart + DAY_MS) },
    week: { from: new Date(weekStart), to: new Date(weekStart + 7 * DAY_MS) },
  };
}

const notCancelled = sql`${orders.orderStatus} <> 'Cancelled'`;

async function periodFigures(db: DbOrTx, from: Date, to: Date) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*) filter (where ${notCancelled})`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${orders.total}) filter (where ${notCancelled}), 0)`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where not ${notCancelled})`.mapWith(Number),
    })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)));
  return {
    from: toNepalIso(from),
    to: toNepalIso(to),
    orders: row.orders,
    revenue: toRupees(row.revenue),
    cancelled: row.cancelled,
  };
}

async function paymentFigures(db: DbOrTx, where: SQL | undefined) {
  const [totals] = await db
    .select({ n: count(), amount: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number) })
    .from(payments)
    .where(where);
  const rows = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(LIST_SIZE);
  return {
    count: Number(totals.n),
    amount: toRupees(totals.amount),
    payments: rows.map((p) => ({
      id: p.id,
      order_id: p.orderId,
      provider: p.provider,
      reference: p.reference,
      amount: toRupees(p.amount),
      status: p.status,
      created_at: toNepalIso(p.createdAt),
    })),
  };
}

/** The figures of the console's first screen, computed from the tables as they are now. */
export async function dashboard(db: DbOrTx, now = new Date()): Promise<Dashboard> {
  const periods = nepalPeriods(now);
  const belowThreshold = and(
    eq(products.isActive, true),
    sql`${products.stock} < ${products.lowStockThreshold}`,
  );
  const [today, week, waiting, lowCount, lowList, pending, refundDue] = await Promise.all([
    periodFigures(db, periods.today.from, periods.today.to),
    periodFigures(db, periods.week.from, periods.week.to),
    db
      .select({ status: orders.orderStatus, n: count() })
      .from(orders)
      .where(inArray(orders.orderStatus, [...WAITING_ORDER_STATUSES]))
      .groupBy(orders.orderStatus),
    db.select({ n: count() }).from(products).where(belowThreshold),
    db
      .select({
        id: products.id,
        title: products.title,
        slug: products.slug,
        stock: products.stock,
        low_stock_threshold: products.lowStockThreshold,
      })
      .from(products)
      .where(belowThreshold)
      .orderBy(asc(products.stock), asc(products.title), asc(products.id))
      .limit(LIST_SIZE),
    paymentFigures(db, inArray(payments.status, ['initiated', 'pending'])),
    paymentFigures(db, and(eq(payments.refundDue, true), sql`${payments.status} <> 'refunded'`)),
  ]);
  const waitingBy = new Map(waiting.map((row) => [row.status, Number(row.n)]));
  return {
    generated_at: toNepalIso(now),
    today,
    this_week: week,
    orders_waiting: WAITING_ORDER_STATUSES.map((status) => ({ status, count: waitingBy.get(status) ?? 0 })),
    low_stock: { count: Number(lowCount[0].n), products: lowList },
    payments_pending: pending,
    payments_refund_due: refundDue,
  };
}
