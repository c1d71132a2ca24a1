import type { ProductSize } from '@pasal/contract/catalogue';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { products } from '../../db/schema/catalogue';
import { toRupees } from '../../lib/money';
import { sellingPriceOf } from './product-queries';
import { packSize, sizeOrder, unitPrice } from './unit-price';

export interface SizeRow {
  id: number;
  slug: string;
  unit: string;
  stock: number;
  price: number;
}

const size = alias(products, 'size');

/**
 * Every active size of the product's item, the product included, as JSON: read in the product's
 * own statement (decision 077) through the size-group index. Empty when it is in no group.
 */
export const sizesOfProduct = sql<SizeRow[] | string>`(
  select coalesce(
    json_agg(
      json_build_object('id', ${size.id}, 'slug', ${size.slug}, 'unit', ${size.unit}, 'stock', ${size.stock},
        'price', ${sellingPriceOf(size)})
      order by ${size.id}
    ),
    '[]'::json
  )
  from ${products} as "size"
  where ${size.isActive} and ${size.sizeGroupId} = ${products.sizeGroupId}
)`;

/**
 * The sizes a product page offers, smallest first (units the shop cannot read last, then by id);
 * empty when the product is its item's only active size.
 */
export function toSizes(rows: SizeRow[]): ProductSize[] {
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
