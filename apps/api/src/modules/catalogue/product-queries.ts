import type { Product } from '@pasal/contract/catalogue';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, jsonColumn, queryRows } from '../../db/client';
import { categories, productImages, products } from '../../db/schema/catalogue';
import { flashSales } from '../../db/schema/marketing';
import { type ImageRow, type ProductRow, toProduct } from './product-mapper';

const running = sql`${flashSales.isActive} and ${flashSales.startsAt} <= now() and ${flashSales.endsAt} > now()`;

/**
 * The lowest price of a flash sale running right now for the product, if any. Most products have
 * none: the products on sale are read once per statement into a hashed set, and only theirs are
 * looked up (a search sorted by price reads tens of thousands of products; the lookup on each
 * scanned the sales table, 7 µs a product).
 */
export const activeFlashPrice = sql<number | null>`(case when ${products.id} in (
    select ${flashSales.productId} from ${flashSales} where ${running}
  ) then (
    select min(${flashSales.discountedPrice}) from ${flashSales}
    where ${flashSales.productId} = ${products.id} and ${running}
  ) end)`;

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
  offset?: number;
  /** Also products taken off sale (a cart still has to show the line it holds). */
  includeInactive?: boolean;
}

/**
 * A product's pictures, primary first, then in their order, as JSON: read in the product's own
 * statement (one round trip for a list or a page, decision 075), through the (product, position)
 * index.
 */
const imagesOfProduct = sql<ImageRow[]>`(
  select coalesce(
    json_agg(
      json_build_object('productId', pi.product_id, 'image', pi.image, 'thumbnail', pi.thumbnail, 'isPrimary', pi.is_primary)
      order by pi.is_primary desc, pi.position
    ),
    '[]'::json
  )
  from ${productImages} pi where pi.product_id = ${products.id}
)`;

/** Active products with their category and images, in one statement whatever the count. */
export async function findProducts(db: DbOrTx, query: ProductQuery = {}): Promise<Product[]> {
  const conditions = [query.includeInactive ? undefined : eq(products.isActive, true), query.where].filter(
    (c): c is SQL => c !== undefined,
  );
  let builder = db
    .select({ ...productColumns, images: imagesOfProduct })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...conditions))
    .orderBy(...(query.orderBy ?? [asc(products.id)]))
    .$dynamic();
  if (query.limit !== undefined) builder = builder.limit(query.limit);
  if (query.offset) builder = builder.offset(query.offset);
  const rows: (ProductRow & { images: ImageRow[] | string })[] = await builder;
  return rows.map(({ images, ...row }) => toProduct(row, jsonColumn(images)));
}

/** A product as pasal_product_cards gives it (migration 0033): its columns and its pictures. */
export type CardRow = ProductRow & { images: ImageRow[] };

export const cardToProduct = ({ images, ...row }: CardRow) => toProduct(row, images);

/** The products of pasal_product_cards' JSON text, in its order. */
export const parseCards = (text: string): Product[] => (JSON.parse(text) as CardRow[]).map(cardToProduct);

/**
 * The active products of `ids` in that order, with their category, pictures and current price: one
 * call of a function whose statement is planned once per database session (decision 080), where
 * findProducts' statement is planned on every request.
 */
export async function productCards(db: DbOrTx, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const list = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const [row] = await queryRows<{ cards: string }>(
    db,
    sql`select pasal_product_cards(${list}::integer[])::text as cards`,
  );
  return parseCards(row.cards);
}

/** Escapes LIKE wildcards so a search for "50%" looks for the text "50%". */
export function likeEscape(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function likeFragment(word: string): string {
  return `%${likeEscape(word)}%`;
}

/** A list order, written for the products table and for a derived table of its sort columns. */
export interface ProductOrder {
  columns: SQL[];
  /** The sort column besides the id, selected into the derived table. */
  key: SQL;
  /** The order over the derived table's columns. */
  derived: string;
}

/** Title order, with the id to break ties so that pages never overlap or skip. */
export const byTitle: ProductOrder = {
  columns: [asc(products.title), asc(products.id)],
  key: sql`${products.title} as key`,
  derived: 'key, id',
};
export const newestFirst: ProductOrder = {
  columns: [desc(products.createdAt), desc(products.id)],
  key: sql`${products.createdAt} as key`,
  derived: 'key desc, id desc',
};

/**
 * The ids of one page of active products matching `where`, in `order`, and how many match in all.
 * The matches are gathered first (a materialized CTE of ids and sort keys: the trigram or category
 * index does the filtering, index-only where it can), then counted and sorted; otherwise the
 * planner may walk the whole title index in search of rows. The whole catalogue (no `where`) is
 * the exception: the title index serves its pages directly.
 */
export async function pageOfProductIds(
  db: DbOrTx,
  where: SQL | undefined,
  order: ProductOrder,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; count: number }> {
  const active = eq(products.isActive, true);
  if (!where) {
    const [[{ count }], rows] = await Promise.all([
      db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(products)
        .where(active),
      db
        .select({ id: products.id })
        .from(products)
        .where(active)
        .orderBy(...order.columns)
        .limit(limit)
        .offset(offset),
    ]);
    return { ids: rows.map((r) => r.id), count };
  }
  const [row] = await queryRows<{ count: number | string; ids: number[] }>(
    db,
    matchingPageSql(where, order, limit, offset),
  );
  return { ids: row.ids.map(Number), count: Number(row.count) };
}

/** The statement behind pageOfProductIds when there is a filter (EXPLAIN it to see the plan). */
export function matchingPageSql(where: SQL, order: ProductOrder, limit: number, offset: number): SQL {
  return sql`
    with matches as materialized (
      select ${products.id} as id, ${order.key} from ${products} where ${and(eq(products.isActive, true), where)}
    )
    select (select count(*) from matches)::int as count,
      array(select id from matches order by ${sql.raw(order.derived)} limit ${limit} offset ${offset}) as ids`;
}

/** The words of a search: split on white space, blanks dropped. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').split(/\s+/).filter(Boolean);
}

/**
 * The spec's search rule: every space-separated word must appear, ignoring case, in the title,
 * the Nepali title, the description or the category's title. products.search_text holds exactly
 * those, lower-cased (by a trigger), and its trigram index serves every word's LIKE.
 */
export function matchesEveryWord(words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`${products.searchText} like lower(${likeFragment(word)})`));
}
