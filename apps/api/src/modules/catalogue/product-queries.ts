import type { Product } from '@pasal/contract/catalogue';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, productImages, products } from '../../db/schema/catalogue';
import { flashSales } from '../../db/schema/marketing';
import { type ImageRow, type ProductRow, toProduct } from './product-mapper';

/** The lowest price of a flash sale running right now for the product, if any. */
export const activeFlashPrice = sql<number | null>`(
  select min(${flashSales.discountedPrice}) from ${flashSales}
  where ${flashSales.productId} = ${products.id} and ${flashSales.isActive}
    and ${flashSales.startsAt} <= now() and ${flashSales.endsAt} > now()
)`;

/** What a product sells for right now, in paisa: its selling price, or a lower flash-sale price in force. */
export const currentSellingPrice =
  sql<number>`least(${products.sellingPrice}, coalesce(${activeFlashPrice}, ${products.sellingPrice}))`.mapWith(
    Number,
  );

const productColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  nepaliTitle: products.nepaliTitle,
  brand: products.brand,
  unit: products.unit,
  description: products.description,
  shortDescription: products.shortDescription,
  markedPrice: products.markedPrice,
  sellingPrice: currentSellingPrice,
  stock: products.stock,
  categoryId: products.categoryId,
  categoryTitle: categories.title,
  categorySlug: categories.slug,
  isOrganic: products.isOrganic,
  ratingAverage: products.ratingAverage,
  ratingCount: products.ratingCount,
};

export interface ProductQuery {
  where?: SQL;
  orderBy?: SQL[];
  limit?: number;
  /** Also products taken off sale (a cart still has to show the line it holds). */
  includeInactive?: boolean;
}

/** Active products with their category and images, in two queries whatever the count. */
export async function findProducts(db: DbOrTx, query: ProductQuery = {}): Promise<Product[]> {
  const conditions = [query.includeInactive ? undefined : eq(products.isActive, true), query.where].filter(
    (c): c is SQL => c !== undefined,
  );
  let builder = db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...conditions))
    .orderBy(...(query.orderBy ?? [asc(products.id)]))
    .$dynamic();
  if (query.limit !== undefined) builder = builder.limit(query.limit);
  const rows: ProductRow[] = await builder;
  if (rows.length === 0) return [];
  const images: ImageRow[] = await db
    .select({
      productId: productImages.productId,
      image: productImages.image,
      thumbnail: productImages.thumbnail,
      isPrimary: productImages.isPrimary,
    })
    .from(productImages)
    .where(
      inArray(
        productImages.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productImages.productId), sql`${productImages.isPrimary} desc`, asc(productImages.position));
  const byProduct = new Map<number, ImageRow[]>();
  for (const image of images) {
    const list = byProduct.get(image.productId) ?? [];
    list.push(image);
    byProduct.set(image.productId, list);
  }
  return rows.map((row) => toProduct(row, byProduct.get(row.id) ?? []));
}

/** Escapes LIKE wildcards so a search for "50%" looks for the text "50%". */
export function likeFragment(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The spec's search rule: every space-separated word must appear, ignoring case, in the
 * title, the Nepali title, the description or the category's title.
 */
export function matchesEveryWord(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  // The first half matches the trigram index expression on products, so large catalogues stay fast.
  const productText = sql`lower(${products.title} || ' ' || ${products.nepaliTitle} || ' ' || ${products.description})`;
  return and(
    ...words.map((word) => {
      const pattern = likeFragment(word.toLowerCase());
      return sql`(${productText} like ${pattern} or lower(${categories.title}) like ${pattern})`;
    }),
  );
}
