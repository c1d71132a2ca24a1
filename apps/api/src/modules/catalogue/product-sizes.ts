import type { ProductSize } from '@pasal/contract/catalogue';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { toRupees } from '../../lib/money';
import { currentSellingPrice } from './product-queries';
import { packSize, sizeOrder, unitPrice } from './unit-price';

/**
 * Every active size of the product's item, the product included, smallest first (units the shop
 * cannot read last, then by id); empty when the product is in no group or is its only active size.
 */
export async function productSizes(db: DbOrTx, productId: number): Promise<ProductSize[]> {
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      unit: products.unit,
      stock: products.stock,
      price: currentSellingPrice,
    })
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        sql`${products.sizeGroupId} = (select p.size_group_id from products p where p.id = ${productId})`,
      ),
    )
    .orderBy(asc(products.id));
  if (rows.length < 2) return [];
  return rows
    .map((row) => ({ row, order: sizeOrder(packSize(row.unit)) }))
    .sort((a, b) => a.order - b.order || a.row.id - b.row.id)
    .map(({ row }) => ({
      id: row.id,
      slug: row.slug,
      size: row.unit,
      selling_price: toRupees(row.price),
      unit_price: unitPrice(row.price, row.unit),
      in_stock: row.stock > 0,
    }));
}
