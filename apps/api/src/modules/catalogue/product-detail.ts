import type { Product, ProductSize, Review } from '@pasal/contract/catalogue';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { type ImageRow, type ProductRow, toProduct } from './product-mapper';
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

type PageRow = ProductRow & {
  rank: number;
  images: ImageRow[];
  reviews: ReviewRow[] | null;
  sizes: SizeRow[] | null;
};

/**
 * A product page in one statement (decision 077): the product, found by slug or by id when the key
 * is all digits (the lowest id when both match), with its pictures, reviews and sizes, then its
 * related products: the best reviewed of the same subcategory first, then of the rest of its top
 * category. Each category of the family gives at most a row's worth through its (category,
 * rating) index, so a category of thousands costs no more than one of ten.
 */
export async function getProductDetail(
  db: DbOrTx,
  key: string,
): Promise<{ product: Product; sizes: ProductSize[]; reviews: Review[]; recommended_products: Product[] }> {
  const byId = /^\d{1,9}$/.test(key);
  // pasal_product_page (migration 0031) is planned once per database session, not per request.
  // Its JSON is read as text and parsed here, once, on the HTTP thread (decision 077).
  const [answer] = await queryRows<{ page: string }>(
    db,
    sql`select pasal_product_page(${key}, ${byId ? Number(key) : null}::integer)::text as page`,
  );
  const rows = JSON.parse(answer.page) as PageRow[];
  const [main, ...related] = rows;
  if (main?.rank !== 0) throw new NotFoundError('Product not found.');
  const asProduct = ({ images, reviews: _r, sizes: _s, rank: _k, ...row }: PageRow) => toProduct(row, images);
  return {
    product: asProduct(main),
    sizes: toSizes(main.sizes ?? []),
    reviews: (main.reviews ?? []).map((r) => ({
      id: r.id,
      rating: r.rating,
      review: r.review,
      created_at: new Date(r.createdAt).toISOString(),
      user: { first_name: r.firstName, middle_name: r.middleName, last_name: r.lastName },
    })),
    recommended_products: related.map(asProduct),
  };
}
