import { toNepalIso } from '@pasal/contract/admin-common';
import {
  parseDay,
  REPORT_TOP_SIZE,
  type SalesReport,
  type SalesReportQuery,
} from '@pasal/contract/admin-reports';
import { ORDER_ACTORS, ORDER_STATUSES } from '@pasal/contract/orders';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { categories, products } from '../../../db/schema/catalogue';
import { orderCancellations, orderLines, orders, paymentMethods } from '../../../db/schema/orders';
import { toRupees } from '../../../lib/money';

const DAY_MS = 86_400_000;
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

/** The first instant of a Nepal calendar day (YYYY-MM-DD, already validated). */
function nepalMidnight(day: string): Date {
  return new Date((parseDay(day) as Date).getTime() - NEPAL_OFFSET_MS);
}

/** Each day from `from` to `to`, both included. */
function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  const end = (parseDay(to) as Date).getTime();
  for (let at = (parseDay(from) as Date).getTime(); at <= end; at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

const notCancelled = sql`${orders.orderStatus} <> 'Cancelled'`;
// The Nepal day an order was placed on; plain SQL on both PGlite and PostgreSQL (no time zone data).
const nepalDay = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + interval '5 hours 45 minutes', 'YYYY-MM-DD')`;
const paisa = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Every figure of the dashboard's charts for a range of Nepal days; sums stay in paisa until the end. */
export async function salesReport(
  db: DbOrTx,
  query: SalesReportQuery,
  now = new Date(),
): Promise<SalesReport> {
  const placed = and(
    gte(orders.createdAt, nepalMidnight(query.from)),
    lt(orders.createdAt, new Date(nepalMidnight(query.to).getTime() + DAY_MS)),
  );
  const sold = and(placed, notCancelled);
  const lineFigures = {
    quantity: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number),
    revenue: paisa(orderLines.lineTotal),
  };
  const [byDay, byStatus, byMethod, topProducts, topCategories, cancelledBy, reasons] = await Promise.all([
    db
      .select({ date: nepalDay, orders: sql<number>`count(*)`.mapWith(Number), revenue: paisa(orders.total) })
      .from(orders)
      .where(sold)
      .groupBy(nepalDay),
    db
      .select({ status: orders.orderStatus, n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(placed)
      .groupBy(orders.orderStatus),
    db
      .select({
        method: orders.paymentMethod,
        orders: sql<number>`count(*)`.mapWith(Number),
        revenue: paisa(orders.total),
      })
      .from(orders)
      .where(sold)
      .groupBy(orders.paymentMethod),
    db
      .select({
        product_id: orderLines.productId,
        title: sql<string>`max(${orderLines.title})`,
        ...lineFigures,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(sold)
      .groupBy(orderLines.productId)
      .orderBy(desc(paisa(orderLines.lineTotal)), asc(orderLines.productId))
      .limit(REPORT_TOP_SIZE),
    db
      .select({ category_id: categories.id, title: categories.title, ...lineFigures })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(products, eq(products.id, orderLines.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(sold)
      .groupBy(categories.id, categories.title)
      .orderBy(desc(paisa(orderLines.lineTotal)), asc(categories.id))
      .limit(REPORT_TOP_SIZE),
    db
      .select({
        by: orderCancellations.cancelledBy,
        n: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
      })
      .from(orderCancellations)
      .innerJoin(orders, eq(orders.id, orderCancellations.orderId))
      .where(and(placed, eq(orders.orderStatus, 'Cancelled')))
      .groupBy(orderCancellations.cancelledBy),
    db
      .select({
        reason: sql<string>`trim(${orderCancellations.remarks})`,
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(orderCancellations)
      .innerJoin(orders, eq(orders.id, orderCancellations.orderId))
      .where(and(placed, eq(orders.orderStatus, 'Cancelled')))
      .groupBy(sql`trim(${orderCancellations.remarks})`)
      .orderBy(desc(sql`count(*)`), asc(sql`trim(${orderCancellations.remarks})`))
      .limit(REPORT_TOP_SIZE),
  ]);

  const days = new Map(byDay.map((row) => [row.date, row]));
  const statuses = new Map(byStatus.map((row) => [row.status, row.n]));
  const methods = new Map(byMethod.map((row) => [row.method, row]));
  const who = new Map(cancelledBy.map((row) => [row.by, row.n]));
  const orderCount = byDay.reduce((sum, row) => sum + row.orders, 0);
  const revenue = byDay.reduce((sum, row) => sum + row.revenue, 0);
  return {
    from: query.from,
    to: query.to,
    days: eachDay(query.from, query.to).length,
    generated_at: toNepalIso(now),
    totals: {
      orders: orderCount,
      revenue: toRupees(revenue),
      average_order: orderCount === 0 ? 0 : toRupees(Math.round(revenue / orderCount)),
      cancelled: statuses.get('Cancelled') ?? 0,
    },
    sales_by_day: eachDay(query.from, query.to).map((date) => ({
      date,
      orders: days.get(date)?.orders ?? 0,
      revenue: toRupees(days.get(date)?.revenue ?? 0),
    })),
    orders_by_status: ORDER_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    payment_methods: paymentMethods.map((method) => ({
      method,
      orders: methods.get(method)?.orders ?? 0,
      revenue: toRupees(methods.get(method)?.revenue ?? 0),
    })),
    top_products: topProducts.map((row) => ({ ...row, revenue: toRupees(row.revenue) })),
    top_categories: topCategories.map((row) => ({ ...row, revenue: toRupees(row.revenue) })),
    cancellations: {
      by: ORDER_ACTORS.map((actor) => ({ cancelled_by: actor, count: who.get(actor) ?? 0 })),
      reasons: reasons.map((row) => ({ reason: row.reason, count: row.n })),
    },
  };
}
