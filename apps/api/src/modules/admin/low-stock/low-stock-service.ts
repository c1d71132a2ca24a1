import {
  type LowStockItem,
  type LowStockPage,
  type lowStockQuery,
  SALES_WINDOW_DAYS,
} from '@pasal/contract/admin-low-stock';
import { and, count, eq, gte, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { categories, products } from '../../../db/schema/catalogue';
import { orderLines, orders } from '../../../db/schema/orders';
import { everyWord, pageAnswer, pageWindow, sortBy } from '../admin-list';

const DAY_MS = 86_400_000;

/** Active products out of stock, or below their own threshold. */
const lowOrOut = and(
  eq(products.isActive, true),
  or(sql`${products.stock} <= 0`, sql`${products.stock} < ${products.lowStockThreshold}`),
);

/** Units of each product ordered since `since` in orders not cancelled. */
function salesSince(db: DbOrTx, since: Date) {
  return db
    .select({ productId: orderLines.productId, sold: sql<number>`sum(${orderLines.quantity})`.as('sold') })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(gte(orders.createdAt, since), ne(orders.orderStatus, 'Cancelled')))
    .groupBy(orderLines.productId)
    .as('sales');
}

export async function listLowStock(
  db: DbOrTx,
  query: z.output<typeof lowStockQuery>,
  now = new Date(),
): Promise<LowStockPage> {
  const sales = salesSince(db, new Date(now.getTime() - SALES_WINDOW_DAYS * DAY_MS));
  const where = and(lowOrOut, everyWord(query.q, [products.title, products.nepaliTitle, products.slug]));
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const sold = sql<number>`coalesce(${sales.sold}, 0)`.mapWith(Number);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      nepaliTitle: products.nepaliTitle,
      unit: products.unit,
      categoryTitle: categories.title,
      stock: products.stock,
      threshold: products.lowStockThreshold,
      sold,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(sales, eq(sales.productId, products.id))
    .where(where)
    // The fastest sellers first; among equals, the emptiest.
    .orderBy(...sortBy(sold, query.order, products.id).slice(0, 1), sql`${products.stock} asc`, products.id)
    .limit(limit)
    .offset(offset);
  return pageAnswer(query, Number(total), rows.map(toItem));
}

function toItem(row: {
  id: number;
  slug: string;
  title: string;
  nepaliTitle: string;
  unit: string;
  categoryTitle: string;
  stock: number;
  threshold: number;
  sold: number;
}): LowStockItem {
  const stock = Math.max(0, row.stock);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    nepali_title: row.nepaliTitle,
    unit: row.unit,
    category_title: row.categoryTitle,
    stock: row.stock,
    low_stock_threshold: row.threshold,
    stock_state: row.stock <= 0 ? 'out_of_stock' : 'low',
    sold_30_days: row.sold,
    // Integer arithmetic: stock × days ÷ units sold.
    days_left: row.sold > 0 ? Math.floor((stock * SALES_WINDOW_DAYS) / row.sold) : null,
  };
}
