import { toNepalIso } from '@pasal/contract/admin-common';
import type {
  AdminProduct,
  AdminProductImage,
  AdminProductListItem,
  AdminProductSize,
  StockState,
} from '@pasal/contract/admin-products';
import { and, asc, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { categories, productImages, products } from '../../../db/schema/catalogue';
import { NotFoundError } from '../../../lib/errors';
import { toRupees } from '../../../lib/money';
import { currentSellingPrice } from '../../catalogue/product-queries';

// Products as the console shows them.

export const PRODUCT_NOT_FOUND = 'Product not found.';

export const primaryThumbnail = sql<string | null>`(
  select ${qualified(productImages.thumbnail)} from ${productImages}
  where ${qualified(productImages.productId)} = ${qualified(products.id)}
  order by ${qualified(productImages.isPrimary)} desc, ${qualified(productImages.position)} asc, ${qualified(productImages.id)} asc
  limit 1
)`;

/** out_of_stock at 0, low below the product's threshold, else in_stock. */
export function stockState(stock: number, threshold: number): StockState {
  if (stock <= 0) return 'out_of_stock';
  return stock < threshold ? 'low' : 'in_stock';
}

/** The same as a condition (for the list's filter). */
export function stockStateIs(state: StockState | 'below_threshold'): SQL {
  switch (state) {
    case 'out_of_stock':
      return sql`${products.stock} <= 0`;
    case 'low':
      return sql`${products.stock} > 0 and ${products.stock} < ${products.lowStockThreshold}`;
    case 'below_threshold':
      return sql`${products.stock} < ${products.lowStockThreshold}`;
    case 'in_stock':
      return sql`${products.stock} > 0 and ${products.stock} >= ${products.lowStockThreshold}`;
  }
}

export const productListColumns = {
  ...getTableColumns(products),
  categoryTitle: categories.title,
  currentPrice: currentSellingPrice,
  thumbnail: primaryThumbnail,
};

type ProductRow = typeof products.$inferSelect & {
  categoryTitle: string;
  currentPrice: number;
  thumbnail: string | null;
};

export function toListItem(row: ProductRow): AdminProductListItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    nepali_title: row.nepaliTitle,
    brand: row.brand,
    unit: row.unit,
    category_id: row.categoryId,
    category_title: row.categoryTitle,
    marked_price: toRupees(row.markedPrice),
    selling_price: toRupees(row.sellingPrice),
    current_price: toRupees(row.currentPrice),
    stock: row.stock,
    low_stock_threshold: row.lowStockThreshold,
    tax_class: row.taxClass,
    stock_state: stockState(row.stock, row.lowStockThreshold),
    is_organic: row.isOrganic,
    is_today_special: row.isTodaySpecial,
    is_new_arrival: row.isNewArrival,
    is_active: row.isActive,
    rating_average: Number(row.ratingAverage),
    rating_count: row.ratingCount,
    size_group_id: row.sizeGroupId,
    created_at: toNepalIso(row.createdAt),
    updated_at: toNepalIso(row.updatedAt),
    version: row.version,
    thumbnail: row.thumbnail,
  };
}

export async function loadImages(db: DbOrTx, productId: number): Promise<AdminProductImage[]> {
  const rows = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return rows.map((row) => ({
    id: row.id,
    image: row.image,
    thumbnail: row.thumbnail,
    position: row.position,
    is_primary: row.isPrimary,
  }));
}

export async function loadProductRows(db: DbOrTx, where: SQL): Promise<ProductRow[]> {
  return db
    .select(productListColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where);
}

/** The product as the console shows it, with its images; 404 when there is none. */
export async function productView(db: DbOrTx, productId: number): Promise<AdminProduct> {
  const [row] = await loadProductRows(db, eq(products.id, productId));
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const { thumbnail: _thumbnail, ...item } = toListItem(row);
  return {
    ...item,
    description: row.description,
    short_description: row.shortDescription,
    images: await loadImages(db, productId),
    sizes: await loadOtherSizes(db, productId, row.sizeGroupId),
  };
}

/** The other products of the product's size group, by id. */
async function loadOtherSizes(
  db: DbOrTx,
  productId: number,
  groupId: number | null,
): Promise<AdminProductSize[]> {
  if (groupId === null) return [];
  const rows = await db
    .select({ id: products.id, title: products.title, unit: products.unit, isActive: products.isActive })
    .from(products)
    .where(and(eq(products.sizeGroupId, groupId), ne(products.id, productId)))
    .orderBy(asc(products.id));
  return rows.map((r) => ({ id: r.id, title: r.title, unit: r.unit, is_active: r.isActive }));
}

/** Several products' list items by id (order not kept). */
export async function listItemsById(db: DbOrTx, ids: number[]): Promise<AdminProductListItem[]> {
  if (ids.length === 0) return [];
  return (await loadProductRows(db, inArray(products.id, ids))).map(toListItem);
}

/** What the audit log keeps of a product: the fields staff edit (and the version). */
export function productAuditFields(product: AdminProduct) {
  return {
    slug: product.slug,
    title: product.title,
    nepali_title: product.nepali_title,
    brand: product.brand,
    unit: product.unit,
    description: product.description,
    short_description: product.short_description,
    category_id: product.category_id,
    marked_price: product.marked_price,
    selling_price: product.selling_price,
    stock: product.stock,
    low_stock_threshold: product.low_stock_threshold,
    tax_class: product.tax_class,
    is_organic: product.is_organic,
    is_today_special: product.is_today_special,
    is_new_arrival: product.is_new_arrival,
    is_active: product.is_active,
    size_group_id: product.size_group_id,
    sizes: product.sizes.map((size) => size.id),
    version: product.version,
  };
}
