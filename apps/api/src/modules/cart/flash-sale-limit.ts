import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fixedStatement } from '../../db/fixed-statement';

// A flash sale's per-customer limit (decision 038): the units in the customer's cart plus those in
// their non-cancelled orders placed during the sale may not exceed it. Orders keep no sale id, so
// "in the sale" is "placed while it ran": sales of one product never overlap while active.
// `product` and `user` are SQL expressions (a column or a statement's value).

const RUNNING = sql`fs.is_active and fs.starts_at <= now() and fs.ends_at > now()`;

/** The running sale's per-customer limit, null when no sale of the product runs. */
export const runningSaleLimit = (product: SQL) => sql`(
  select min(fs.per_customer_limit) from flash_sales fs where fs.product_id = ${product} and ${RUNNING})`;

/** Units of the product the customer ordered during its running sale (orders not cancelled); 0 without a sale. */
export const boughtInRunningSale = (product: SQL, user: SQL) => sql`(
  select coalesce(sum(ol.quantity), 0)::integer from flash_sales fs
  join orders o on o.user_id = ${user} and o.order_status <> 'Cancelled'
    and o.created_at >= fs.starts_at and o.created_at < fs.ends_at
  join order_lines ol on ol.order_id = o.id and ol.product_id = fs.product_id
  where fs.product_id = ${product} and ${RUNNING})`;

/** How many units the cart may still hold at the sale price (no limit without a running sale). */
export const flashSaleRoom = (product: SQL, user: SQL) =>
  sql`coalesce(${runningSaleLimit(product)} - ${boughtInRunningSale(product, user)}, 2147483647)`;

export interface FlashSaleAllowance {
  limit: number;
  bought: number;
}

const allowances = fixedStatement<{ id: number; limit: number | null; bought: number }, 'userId' | 'ids'>(
  'flash_sale_allowances',
  (value) => sql`
    select w.id, ${runningSaleLimit(sql`w.id`)} as "limit",
      ${boughtInRunningSale(sql`w.id`, sql`${value('userId')}::integer`)} as bought
    from unnest(${value('ids')}::integer[]) as w(id)
  `,
);

/** The running sales' limits and what the customer bought in them, for the products that have one. */
export async function flashSaleAllowances(
  db: DbOrTx,
  userId: number,
  ids: number[],
): Promise<Map<number, FlashSaleAllowance>> {
  const found = new Map<number, FlashSaleAllowance>();
  for (const row of await allowances(db, { userId, ids }))
    if (row.limit !== null) found.set(row.id, { limit: row.limit, bought: row.bought });
  return found;
}
