import type { Product, ProductSize, Review } from '@pasal/contract/catalogue';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { categories, products, reviews } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { NotFoundError } from '../../lib/errors';
import { type ImageRow, type ProductRow, toProduct } from './product-mapper';
import { fromJson, imagesOfProduct, productColumns } from './product-queries';
import { type SizeRow, sizesOfProduct, toSizes } from './product-sizes';

const RECOMMENDED_SIZE = 12;

interface ReviewRow {
  id: number;
  rating: number;
  review: string;
  createdAt: string;
  firstName: string;
  middleName: string;
  lastName: string;
}

/** The product's reviews by customers who still have an account, newest first, as JSON. */
const reviewsOfProduct = sql<ReviewRow[] | string>`(
  select coalesce(
    json_agg(
      json_build_object('id', r.id, 'rating', r.rating, 'review', r.review, 'createdAt', r.created_at,
        'firstName', u.first_name, 'middleName', u.middle_name, 'lastName', u.last_name)
      order by r.created_at desc, r.id desc
    ),
    '[]'::json
  )
  from ${reviews} r join ${users} u on u.id = r.user_id
  where r.product_id = ${products.id} and u.deleted_at is null
)`;

const selected = sql.join(
  Object.entries(productColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
  sql`, `,
);

type PageRow = ProductRow & {
  rank: number;
  images: ImageRow[] | string;
  reviews: ReviewRow[] | string | null;
  sizes: SizeRow[] | string | null;
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
  const match = byId ? sql`(p.id = ${Number(key)} or p.slug = ${key})` : sql`p.slug = ${key}`;
  const rows = await queryRows<PageRow>(
    db,
    sql`
      with main as (
        select p.id, p.category_id from ${products} p where p.is_active and ${match} order by p.id limit 1
      ),
      own as (select coalesce(c.parent_id, c.id) as top from ${categories} c join main on c.id = main.category_id),
      picked as (
        select p.id, row_number() over (order by (c.id = main.category_id) desc, p.rating_count desc, p.id) as rank
        from main
        cross join ${categories} c
        cross join lateral (
          select p.id, p.rating_count from ${products} p
          where p.category_id = c.id and p.is_active and p.id <> main.id
          order by p.rating_count desc nulls last, p.id limit ${RECOMMENDED_SIZE}
        ) p
        where c.id = (select top from own) or c.parent_id = (select top from own)
        order by rank
        limit ${RECOMMENDED_SIZE}
      ),
      page as (select id, 0 as rank from main union all select id, rank from picked)
      select ${selected}, ${imagesOfProduct} as images, page.rank::integer as rank,
        case when page.rank = 0 then ${reviewsOfProduct} end as reviews,
        case when page.rank = 0 then ${sizesOfProduct} end as sizes
      from page
      join ${products} on ${products.id} = page.id
      join ${categories} on ${categories.id} = ${products.categoryId}
      order by page.rank`,
  );
  const [main, ...related] = rows;
  if (main?.rank !== 0) throw new NotFoundError('Product not found.');
  const asProduct = ({ images, reviews: _r, sizes: _s, rank: _k, ...row }: PageRow) =>
    toProduct(row, fromJson(images));
  return {
    product: asProduct(main),
    sizes: toSizes(fromJson(main.sizes ?? [])),
    reviews: fromJson(main.reviews ?? []).map((r) => ({
      id: r.id,
      rating: r.rating,
      review: r.review,
      created_at: new Date(r.createdAt).toISOString(),
      user: { first_name: r.firstName, middle_name: r.middleName, last_name: r.lastName },
    })),
    recommended_products: related.map(asProduct),
  };
}
