import { MAX_SLOT_CAPACITY } from '@pasal/contract/delivery-slots';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { products } from '../src/db/schema/catalogue';
import { deliverySlots } from '../src/db/schema/locations';
import { orderLines } from '../src/db/schema/orders';
import { addresses } from '../src/db/schema/shopping';
import { users } from '../src/db/schema/users';
import { DEMO_CUSTOMER } from '../src/seed/seed-demo-data';
import { createAddress } from '../src/test/factories';

// What the cart add and checkout rows need in the bench database, and the stock check after them.

/** The demo product every cart add and checkout of the bench buys. */
export const BENCH_PRODUCT_SLUG = 'jeera-masino-rice-5kg';
// Enough that the load never runs it out: every request is a real sale, not a refusal.
const BENCH_STOCK = 10_000_000;

export interface StockLedger {
  productId: number;
  /** Units in stock plus units ever ordered: unchanged by any number of orders without oversell. */
  stockPlusSold: number;
  stock: number;
  sold: number;
}

export async function stockLedger(db: Db, productId: number): Promise<StockLedger> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  const [sold] = await db
    .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .where(eq(orderLines.productId, productId));
  return { productId, stock: row.stock, sold: sold.n, stockPlusSold: row.stock + sold.n };
}

/**
 * Stocks the bench product, gives the demo customer a deliverable address (Kathmandu) if they
 * have none, and lets every delivery slot take the most orders a slot may (the demo stations offer
 * slots, and a checkout must choose one). Answers the stock ledger before the load.
 */
export async function prepareOrderFixtures(db: Db): Promise<StockLedger> {
  const [product] = await db
    .update(products)
    .set({ stock: BENCH_STOCK })
    .where(eq(products.slug, BENCH_PRODUCT_SLUG))
    .returning({ id: products.id });
  if (!product) throw new Error(`The demo product ${BENCH_PRODUCT_SLUG} is missing`);
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_CUSTOMER.email));
  const [address] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, customer.id), isNull(addresses.deletedAt)));
  if (!address) await createAddress(db, customer.id);
  await db.update(deliverySlots).set({ capacity: MAX_SLOT_CAPACITY });
  return stockLedger(db, product.id);
}
