import type { ProductSize } from '@pasal/contract/catalogue';
import { toRupees } from '../../lib/money';
import { packSize, sizeOrder, unitPrice } from './unit-price';

/** A size of the product's item as the product page's statement gives it (migration 0031). */
export interface SizeRow {
  id: number;
  slug: string;
  unit: string;
  stock: number;
  price: number;
}

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
