import type { BrandCount, ProductFilters } from '@pasal/contract/product-filters';
import type { ProductSort } from '@pasal/contract/product-sorts';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, jsonColumn, queryRows } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { formatRupeesText } from '../../lib/money';
import { byTitle, currentSellingPrice, newestFirst, type ProductOrder } from './product-queries';

// Sort and filters of the search and category lists (decision 041): conditions to AND into a list's
// WHERE and orders over its sort keys, kept apart from the matching and ranking themselves.

/** The most brands a list offers to filter by (most products first). */
const BRAND_COUNT_LIMIT = 100;

/** The filters' conditions on products, undefined when none narrows the list. */
export function filterConditions(filters: ProductFilters): SQL | undefined {
  const conditions = [
    filters.min_price === undefined ? undefined : gte(currentSellingPrice, filters.min_price),
    filters.max_price === undefined ? undefined : lte(currentSellingPrice, filters.max_price),
    filters.on_sale ? lt(currentSellingPrice, products.markedPrice) : undefined,
    filters.in_stock ? gt(products.stock, 0) : undefined,
    filters.brand?.length ? inArray(products.brand, filters.brand) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return conditions.length === 0 ? undefined : and(...conditions);
}

/** The filters but the brand's: what the brand list counts over, so a shopper can tick another. */
export function withoutBrand(filters: ProductFilters): ProductFilters {
  return { ...filters, brand: undefined };
}

/** Conditions that may each be missing, ANDed; undefined when all are. */
export function allOf(...conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

const byPriceUp: ProductOrder = {
  columns: [asc(currentSellingPrice), asc(products.title), asc(products.id)],
  key: sql`${currentSellingPrice} as key, ${products.title} as title`,
  derived: 'key, title, id',
};
const byPriceDown: ProductOrder = {
  columns: [desc(currentSellingPrice), asc(products.title), asc(products.id)],
  key: sql`${currentSellingPrice} as key, ${products.title} as title`,
  derived: 'key desc, title, id',
};
const bestSelling: ProductOrder = {
  columns: [desc(products.soldCount), asc(products.title), asc(products.id)],
  key: sql`${products.soldCount} as key, ${products.title} as title`,
  derived: 'key desc, title, id',
};

/** A plain list's order (a category, or a search without words): title order unless sorted. */
export function listOrder(sort: ProductSort | undefined): ProductOrder {
  switch (sort) {
    case 'price_asc':
      return byPriceUp;
    case 'price_desc':
      return byPriceDown;
    case 'newest':
      return newestFirst;
    case 'best_selling':
      return bestSelling;
    default:
      return byTitle;
  }
}

/**
 * How a ranked search is sorted: `key` is one more column of its matches (`sort_key`), `order` the
 * ORDER BY over them (the matches also carry relevance, in_stock, sold and title). Relevance is
 * decision 040's rule; the other sorts break ties by relevance, so the best match of a price leads.
 */
export interface SearchSortSql {
  key: SQL;
  order: SQL;
}

export function searchSort(sort: ProductSort | undefined): SearchSortSql {
  switch (sort) {
    case 'price_asc':
      return { key: currentSellingPrice, order: sql.raw('sort_key, relevance desc, title, id') };
    case 'price_desc':
      return { key: currentSellingPrice, order: sql.raw('sort_key desc, relevance desc, title, id') };
    case 'newest':
      return { key: sql`${products.createdAt}`, order: sql.raw('sort_key desc, id desc') };
    case 'best_selling':
      return { key: sql`0`, order: sql.raw('sold desc, relevance desc, title, id') };
    default:
      return { key: sql`0`, order: sql.raw('relevance desc, in_stock desc, sold desc, title, id') };
  }
}

/** Rows of brand and count, most products first, as a brand list shows them. */
type BrandRow = { brand: string; count: number | string };
const toBrandCounts = (rows: BrandRow[]): BrandCount[] =>
  rows.map((r) => ({ brand: r.brand, count: Number(r.count) }));

/**
 * brandCounts over the matches a statement has already gathered (`matches`: a relation with a
 * brand column, one row per active product), as one JSON array: the statement that ranks a search
 * counts its brands too, instead of a second statement matching every word again.
 */
export const brandCountsOf = (matches: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('brand', b.brand, 'count', b.count)
      order by b.count desc, b.brand), '[]')
    from (select brand, count(*)::int as count from ${matches} where brand <> ''
      group by brand order by count(*) desc, brand limit ${BRAND_COUNT_LIMIT}) b)`;

/** The JSON of brandCountsOf as the list's brands. */
export function parseBrandCounts(json: BrandRow[] | string): BrandCount[] {
  return toBrandCounts(jsonColumn(json));
}

/** The brands of the products matching `where` (active ones), most products first; blank brands left out. */
export async function brandCounts(db: DbOrTx, where: SQL | undefined): Promise<BrandCount[]> {
  const rows = await queryRows<BrandRow>(
    db,
    sql`select ${products.brand} as brand, count(*)::int as count from ${products}
      where ${allOf(eq(products.isActive, true), sql`${products.brand} <> ''`, where)}
      group by ${products.brand} order by count(*) desc, ${products.brand} limit ${BRAND_COUNT_LIMIT}`,
  );
  return toBrandCounts(rows);
}

/**
 * The sort and filters as query parameters of the list's `next` and `previous` links, in the
 * order the storefront writes them (prices back in rupees).
 */
export function filterParams(
  sort: ProductSort | undefined,
  filters: ProductFilters,
): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  if (sort) params.sort = sort;
  if (filters.min_price !== undefined) params.min_price = formatRupeesText(filters.min_price);
  if (filters.max_price !== undefined) params.max_price = formatRupeesText(filters.max_price);
  if (filters.brand?.length) params.brand = filters.brand;
  if (filters.on_sale) params.on_sale = 'true';
  if (filters.in_stock) params.in_stock = 'true';
  return params;
}

/** The part of a list's cache key that its sort and filters decide. */
export function filterKey(sort: ProductSort | undefined, filters: ProductFilters): string {
  return JSON.stringify(filterParams(sort, filters));
}
