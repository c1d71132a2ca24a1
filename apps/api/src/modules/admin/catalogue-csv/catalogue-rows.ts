import { asc, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { categories, products } from '../../../db/schema/catalogue';
import type { CategoryNames, ProductState } from './catalogue-columns';

// The catalogue as the CSV reads it: products in batches by id (export), products by slug (import),
// and the category tree's names.

export interface CategoryRow {
  id: number;
  slug: string;
  parentId: number | null;
}

export async function loadCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db
    .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.id));
}

/** Each category's top category slug and, for a subcategory, its own slug. */
export function categoryNames(rows: CategoryRow[]): CategoryNames {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const names: CategoryNames = new Map();
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    names.set(
      row.id,
      parent ? { category: parent.slug, subcategory: row.slug } : { category: row.slug, subcategory: '' },
    );
  }
  return names;
}

const stateColumns = {
  id: products.id,
  version: products.version,
  slug: products.slug,
  title: products.title,
  nepaliTitle: products.nepaliTitle,
  categoryId: products.categoryId,
  brand: products.brand,
  unit: products.unit,
  markedPrice: products.markedPrice,
  sellingPrice: products.sellingPrice,
  stock: products.stock,
  lowStockThreshold: products.lowStockThreshold,
  sizeGroupId: products.sizeGroupId,
  isActive: products.isActive,
};

export type StoredProduct = ProductState & { id: number; version: number; isActive: boolean };

/** Up to `limit` products after id `after`, by id: the export's next batch. */
export async function productBatch(db: DbOrTx, after: number, limit: number): Promise<StoredProduct[]> {
  return db
    .select(stateColumns)
    .from(products)
    .where(gt(products.id, after))
    .orderBy(asc(products.id))
    .limit(limit);
}

/**
 * The products with these slugs, by id; `lock` takes their row locks (in id order, as every
 * multi-row locker does, so two of them wait rather than deadlock). The slugs go as one JSON
 * parameter, so 50,000 of them are one statement.
 */
export async function productsBySlug(db: DbOrTx, slugs: string[], lock: boolean): Promise<StoredProduct[]> {
  if (slugs.length === 0) return [];
  const query = db
    .select(stateColumns)
    .from(products)
    .where(sql`${products.slug} in (select jsonb_array_elements_text(${JSON.stringify(slugs)}::jsonb))`)
    .orderBy(asc(products.id));
  return lock ? query.for('update') : query;
}
