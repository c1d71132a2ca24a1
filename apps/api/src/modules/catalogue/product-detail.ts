import type { Product, ProductSize, Review } from '@pasal/contract/catalogue';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { createKeptReads, type KeptReads } from '../../lib/kept-reads';
import type { ResponseCache } from '../../lib/response-cache';
import { type CardRow, cardToProduct, parseCards } from './product-queries';
import { type SizeRow, toSizes } from './product-sizes';

interface ReviewRow {
  id: number;
  rating: number;
  review: string;
  createdAt: string;
  firstName: string;
  middleName: string;
  lastName: string;
}

/** What pasal_product_main answers (migration 0033), or null for no such active product. */
interface MainRow {
  product: CardRow;
  reviews: ReviewRow[];
  sizes: SizeRow[];
}

/** How many related products a page shows. */
const RELATED = 12;
/** Categories whose related products are kept; a category's are 13 products. */
const MAX_CATEGORIES = 2_000;

export type RelatedStore = KeptReads<number, Product[]>;

const stores = new WeakMap<ResponseCache, RelatedStore | undefined>();

/**
 * The related products kept beside this catalogue cache (decision 080): the same for every product
 * of a category, so kept per category for the cache's freshness bound and dropped with its answers.
 * Keyed by the cache, which the API's routes and the product page's document share.
 */
export function relatedStore(cache: ResponseCache, maxAgeMs: number): RelatedStore | undefined {
  if (!stores.has(cache))
    stores.set(
      cache,
      createKeptReads(maxAgeMs, () => cache.clears, MAX_CATEGORIES),
    );
  return stores.get(cache);
}

/** The related products of the category's products, best first, one more than a page shows. */
async function relatedOf(db: DbOrTx, categoryId: number, kept?: RelatedStore): Promise<Product[]> {
  const known = kept?.get(categoryId);
  if (known) return known;
  const keep = kept?.keeper();
  const [row] = await queryRows<{ cards: string }>(
    db,
    sql`select pasal_product_related(${categoryId}::integer)::text as cards`,
  );
  const related = parseCards(row.cards);
  keep?.(categoryId, related);
  return related;
}

/**
 * A product page (decisions 077, 080): the product, found by slug or by id when the key is all
 * digits (the lowest id when both match), with its pictures, reviews and sizes, in one statement;
 * then its related products, read per category or kept: the best reviewed of the same
 * subcategory first, then of the rest of its top category, itself left out.
 */
export async function getProductDetail(
  db: DbOrTx,
  key: string,
  kept?: RelatedStore,
): Promise<{ product: Product; sizes: ProductSize[]; reviews: Review[]; recommended_products: Product[] }> {
  const byId = /^\d{1,9}$/.test(key);
  // The functions are planned once per database session, not per request. Their JSON is read as
  // text and parsed here, once, on the HTTP thread (decision 077).
  const [answer] = await queryRows<{ page: string | null }>(
    db,
    sql`select pasal_product_main(${key}, ${byId ? Number(key) : null}::integer)::text as page`,
  );
  const main = answer.page === null ? null : (JSON.parse(answer.page) as MainRow | null);
  if (!main) throw new NotFoundError('Product not found.');
  const related = await relatedOf(db, main.product.categoryId, kept);
  return {
    product: cardToProduct(main.product),
    sizes: toSizes(main.sizes),
    reviews: main.reviews.map((r) => ({
      id: r.id,
      rating: r.rating,
      review: r.review,
      created_at: new Date(r.createdAt).toISOString(),
      user: { first_name: r.firstName, middle_name: r.middleName, last_name: r.lastName },
    })),
    recommended_products: related.filter((p) => p.id !== main.product.id).slice(0, RELATED),
  };
}
