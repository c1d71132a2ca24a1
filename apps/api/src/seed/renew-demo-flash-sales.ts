import { FLASH_SALE_PER_CUSTOMER_DEFAULT } from '@pasal/contract/admin-flash-sales';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema/catalogue';
import { flashSales } from '../db/schema/marketing';
import { toPaisa } from '../lib/money';
import { demoFlashSales } from './marketing-data';

const DEMO_SALE_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * The demo's flash sales run for 7 days from the first start. Once no flash sale is running or
 * scheduled any more, this starts the demo's sales again for another 7 days, so the demo never loses
 * its flash-sale row. A demo product that is gone, switched off, out of stock or now cheaper than
 * its sale price is skipped. Answers how many sales it started (0 while any sale is live).
 */
export async function renewDemoFlashSales(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    // Instances sharing one database take turns, so the sales are renewed once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pasal:renew-demo-flash-sales'))`);
    const [live] = await tx
      .select({ id: flashSales.id })
      .from(flashSales)
      .where(and(eq(flashSales.isActive, true), gt(flashSales.endsAt, now)))
      .limit(1);
    if (live) return 0;
    const wanted = demoFlashSales.filter((sale) => sale.state === 'active');
    const found = await tx
      .select({ id: products.id, slug: products.slug, price: products.sellingPrice })
      .from(products)
      .where(
        and(
          inArray(
            products.slug,
            wanted.map((sale) => sale.productSlug),
          ),
          eq(products.isActive, true),
          gt(products.stock, 0),
        ),
      );
    const bySlug = new Map(found.map((product) => [product.slug, product]));
    const rows = wanted.flatMap((sale) => {
      const product = bySlug.get(sale.productSlug);
      const discountedPrice = toPaisa(sale.discountedPrice);
      if (!product || discountedPrice >= product.price) return [];
      return [
        {
          productId: product.id,
          discountedPrice,
          startsAt: now,
          endsAt: new Date(now.getTime() + DEMO_SALE_DAYS * DAY_MS),
          perCustomerLimit: FLASH_SALE_PER_CUSTOMER_DEFAULT,
        },
      ];
    });
    if (rows.length > 0) await tx.insert(flashSales).values(rows);
    return rows.length;
  });
}
