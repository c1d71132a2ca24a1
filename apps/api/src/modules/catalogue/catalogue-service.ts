import {
  type Banner,
  type Category,
  type FlashSale,
  HOME_ROW_SIZE,
  type HomeCategory,
  type Product,
  type Review,
} from '@pasal/contract/catalogue';
import type { BrandCount, ProductFilters } from '@pasal/contract/product-filters';
import type { ProductSort } from '@pasal/contract/product-sorts';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { categories, products, reviews } from '../../db/schema/catalogue';
import { banners, flashSales } from '../../db/schema/marketing';
import { users } from '../../db/schema/users';
import { NotFoundError } from '../../lib/errors';
import { toRupees } from '../../lib/money';
import { offsetOf, type Page, type PageRequest, pageOf } from '../../lib/paging';
import {
  allOf,
  brandCounts,
  filterConditions,
  filterParams,
  listOrder,
  searchSort,
  withoutBrand,
} from './product-filters';
import { discountPercent } from './product-mapper';
import {
  byTitle,
  findProducts,
  newestFirst,
  type ProductOrder,
  pageOfProductIds,
  searchWords,
} from './product-queries';
import { planSearch, rankedPage, searchMatches } from './product-search';
import { productSizes } from './product-sizes';

const RECOMMENDED_SIZE = 12;
// Nepal is UTC+05:45 all year; a sale's last day is its end date there.
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

type CategoryRow = typeof categories.$inferSelect;

function nestCategories(rows: CategoryRow[], topOnly: (c: CategoryRow) => boolean): Category[] {
  return rows
    .filter((c) => c.parentId === null && topOnly(c))
    .map((c) => ({
      id: c.id,
      title: c.title,
      nepali_title: c.nepaliTitle,
      slug: c.slug,
      image: c.image,
      subcategories: rows
        .filter((s) => s.parentId === c.id)
        .map((s) => ({ id: s.id, title: s.title, slug: s.slug })),
    }));
}

async function allCategoryRows(db: DbOrTx): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
}

export async function listCategories(
  db: DbOrTx,
  options: { featuredOnly?: boolean } = {},
): Promise<Category[]> {
  const rows = await allCategoryRows(db);
  return nestCategories(rows, (c) => !options.featuredOnly || c.isFeatured);
}

/** One page of active products matching `where`, in `order`. */
async function pageOfProducts(
  db: DbOrTx,
  where: SQL | undefined,
  order: ProductOrder,
  request: PageRequest,
): Promise<{ count: number; results: Product[] }> {
  const { ids, count } = await pageOfProductIds(db, where, order, request.pageSize, offsetOf(request));
  const results =
    ids.length === 0
      ? []
      : await findProducts(db, { where: inArray(products.id, ids), orderBy: order.columns });
  return { count, results };
}

/** What a shopper narrows and orders a list by (decision 041). */
export interface ListRefinement {
  sort?: ProductSort;
  filters: ProductFilters;
}

const unrefined: ListRefinement = { filters: {} };

/**
 * A page of a category's own products and, for a parent, those of its subcategories, by title
 * unless sorted, narrowed by the filters; page 1 also lists the brands to filter by.
 */
export async function listCategoryProducts(
  db: DbOrTx,
  categoryId: number,
  request: PageRequest,
  path: string,
  refinement: ListRefinement = unrefined,
): Promise<Page<Product> & { category: Category; brands?: BrandCount[] }> {
  const rows = await allCategoryRows(db);
  const row = rows.find((c) => c.id === categoryId);
  if (!row) throw new NotFoundError('Category not found.');
  const children = rows.filter((c) => c.parentId === row.id);
  const ids = [row.id, ...children.map((c) => c.id)];
  const inCategory = inArray(products.categoryId, ids);
  const { sort, filters } = refinement;
  const [{ count, results }, brands] = await Promise.all([
    pageOfProducts(db, allOf(inCategory, filterConditions(filters)), listOrder(sort), request),
    request.page === 1
      ? brandCounts(db, allOf(inCategory, filterConditions(withoutBrand(filters))))
      : undefined,
  ]);
  const category: Category = {
    id: row.id,
    title: row.title,
    nepali_title: row.nepaliTitle,
    slug: row.slug,
    image: row.image,
    subcategories: children.map((s) => ({ id: s.id, title: s.title, slug: s.slug })),
  };
  return { category, ...pageOf(request, count, results, path, filterParams(sort, filters)), brands };
}

/**
 * A page of the products matching every word of q, best match first (decision 040) unless sorted,
 * narrowed by the filters (decision 041); all products by title without one. Page 1 also lists
 * the brands to filter by.
 */
export async function searchProducts(
  db: DbOrTx,
  q: string | undefined,
  request: PageRequest,
  path: string,
  refinement: ListRefinement = unrefined,
): Promise<Page<Product> & { brands?: BrandCount[] }> {
  const { sort, filters } = refinement;
  const words = searchWords(q);
  const params = { ...(words.length > 0 ? { q: words.join(' ') } : {}), ...filterParams(sort, filters) };
  const firstPage = request.page === 1;
  if (words.length === 0) {
    const [{ count, results }, brands] = await Promise.all([
      pageOfProducts(db, filterConditions(filters), listOrder(sort), request),
      firstPage ? brandCounts(db, filterConditions(withoutBrand(filters))) : undefined,
    ]);
    return { ...pageOf(request, count, results, path, params), brands };
  }
  const planned = await planSearch(db, words);
  const where = filterConditions(filters);
  const refined = where !== undefined || (sort !== undefined && sort !== 'relevance');
  const [{ count, ids }, brands] = await Promise.all([
    rankedPage(
      db,
      planned,
      request.pageSize,
      offsetOf(request),
      refined ? { where, sort: searchSort(sort) } : undefined,
    ),
    firstPage
      ? brandCounts(db, allOf(searchMatches(planned), filterConditions(withoutBrand(filters))))
      : undefined,
  ]);
  const found = ids.length === 0 ? [] : await findProducts(db, { where: inArray(products.id, ids) });
  const byId = new Map(found.map((p) => [p.id, p]));
  const results = ids.flatMap((id) => byId.get(id) ?? []);
  return { ...pageOf(request, count, results, path, params), brands };
}

const todaySpecial = () => eq(products.isTodaySpecial, true);
const newArrival = () => eq(products.isNewArrival, true);

export async function listTodaySpecial(
  db: DbOrTx,
  request: PageRequest,
  path: string,
): Promise<Page<Product>> {
  const { count, results } = await pageOfProducts(db, todaySpecial(), byTitle, request);
  return pageOf(request, count, results, path);
}

export async function listNewArrivals(
  db: DbOrTx,
  request: PageRequest,
  path: string,
): Promise<Page<Product>> {
  const { count, results } = await pageOfProducts(db, newArrival(), newestFirst, request);
  return pageOf(request, count, results, path);
}

export async function listBanners(db: DbOrTx): Promise<Banner[]> {
  return db
    .select({ id: banners.id, image: banners.image, title: banners.title })
    .from(banners)
    .where(eq(banners.isActive, true))
    .orderBy(asc(banners.position), asc(banners.id));
}

/**
 * The first HOME_ROW_SIZE products (by title) of each top category, its subcategories' included.
 * Each category contributes at most a row's worth through its (category, title) index, so the
 * work stays the same however large the catalogue grows.
 */
async function homeRowProducts(db: DbOrTx): Promise<Map<number, Product[]>> {
  const picked = await queryRows<{ id: number; top_id: number }>(
    db,
    sql`
      select id, top_id from (
        select p.id, coalesce(c.parent_id, c.id) as top_id,
          row_number() over (partition by coalesce(c.parent_id, c.id) order by p.title, p.id) as n
        from ${categories} c
        cross join lateral (
          select p.id, p.title from ${products} p
          where p.category_id = c.id and p.is_active
          order by p.title, p.id limit ${HOME_ROW_SIZE}
        ) p
      ) ranked
      where n <= ${HOME_ROW_SIZE}`,
  );
  const list = await findProducts(db, {
    where: inArray(
      products.id,
      picked.map((p) => Number(p.id)),
    ),
    orderBy: byTitle.columns,
  });
  const topOf = new Map(picked.map((p) => [Number(p.id), Number(p.top_id)]));
  const rows = new Map<number, Product[]>();
  for (const product of list) {
    const top = topOf.get(product.id)!;
    rows.set(top, [...(rows.get(top) ?? []), product]);
  }
  return rows;
}

/** Home data: banners and short rows only; the full lists are paged elsewhere. */
export async function getHomeData(db: DbOrTx) {
  const first = { page: 1, pageSize: HOME_ROW_SIZE };
  const [bannerList, special, arrivals, categoryRows, rows] = await Promise.all([
    listBanners(db),
    pageOfProducts(db, todaySpecial(), byTitle, first),
    pageOfProducts(db, newArrival(), newestFirst, first),
    allCategoryRows(db),
    homeRowProducts(db),
  ]);
  const homeCategories: HomeCategory[] = nestCategories(categoryRows, () => true).map((top) => ({
    ...top,
    products: rows.get(top.id) ?? [],
  }));
  return {
    banners: bannerList,
    today_special: special.results,
    new_arrival: arrivals.results,
    categories: homeCategories,
  };
}

/**
 * Related products: the best reviewed of the same subcategory first, then of the rest of its top
 * category. Each category of the family gives at most a row's worth through its (category,
 * rating) index, so a category of thousands costs no more than one of ten.
 */
async function recommendedProducts(db: DbOrTx, product: Product): Promise<Product[]> {
  // The picks and their cards in one statement: the same category first, then the best rated.
  const picked = sql`
      with own as (select coalesce(parent_id, id) as top from ${categories} where id = ${product.category_id})
      select p.id from ${categories} c
      cross join lateral (
        select p.id, p.rating_count from ${products} p
        where p.category_id = c.id and p.is_active and p.id <> ${product.id}
        order by p.rating_count desc nulls last, p.id limit ${RECOMMENDED_SIZE}
      ) p
      where c.id = (select top from own) or c.parent_id = (select top from own)
      order by (c.id = ${product.category_id}) desc, p.rating_count desc, p.id
      limit ${RECOMMENDED_SIZE}`;
  return findProducts(db, {
    where: sql`${products.id} in (${picked})`,
    orderBy: [
      sql`(${products.categoryId} = ${product.category_id}) desc`,
      desc(products.ratingCount),
      asc(products.id),
    ],
  });
}

/** Looks a product up by slug, or by id when the key is all digits. */
export async function getProductDetail(db: DbOrTx, key: string) {
  const byId = /^\d{1,9}$/.test(key);
  const [product] = await findProducts(db, {
    where: byId ? or(eq(products.id, Number(key)), eq(products.slug, key)) : eq(products.slug, key),
    limit: 1,
  });
  if (!product) throw new NotFoundError('Product not found.');

  const reviewRows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      review: reviews.review,
      createdAt: reviews.createdAt,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, product.id), isNull(users.deletedAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const reviewList: Review[] = reviewRows.map((r) => ({
    id: r.id,
    rating: r.rating,
    review: r.review,
    created_at: r.createdAt.toISOString(),
    user: { first_name: r.firstName, middle_name: r.middleName, last_name: r.lastName },
  }));

  const [recommended, sizes] = await Promise.all([
    recommendedProducts(db, product),
    productSizes(db, product.id),
  ]);
  return { product, sizes, reviews: reviewList, recommended_products: recommended };
}

function nepalDate(at: Date): string {
  return new Date(at.getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 10);
}

/** Flash sales running now, soonest ending first. */
export async function listActiveFlashSales(db: DbOrTx): Promise<FlashSale[]> {
  const now = new Date();
  const sales = await db
    .select({
      id: flashSales.id,
      productId: flashSales.productId,
      discountedPrice: flashSales.discountedPrice,
      endsAt: flashSales.endsAt,
      regularPrice: products.sellingPrice,
    })
    .from(flashSales)
    .innerJoin(products, eq(products.id, flashSales.productId))
    .where(and(eq(flashSales.isActive, true), lte(flashSales.startsAt, now), gt(flashSales.endsAt, now)))
    .orderBy(asc(flashSales.endsAt), asc(flashSales.id));
  if (sales.length === 0) return [];
  const list = await findProducts(db, {
    where: inArray(
      products.id,
      sales.map((s) => s.productId),
    ),
  });
  const byId = new Map(list.map((p) => [p.id, p]));
  return sales.flatMap((sale) => {
    const p = byId.get(sale.productId);
    if (!p) return [];
    return [
      {
        id: sale.id,
        to_date: nepalDate(sale.endsAt),
        ends_at: sale.endsAt.toISOString(),
        discounted_price: toRupees(sale.discountedPrice),
        original_price: toRupees(sale.regularPrice),
        product: {
          id: p.id,
          title: p.title,
          nepali_title: p.nepali_title,
          slug: p.slug,
          category: p.category,
          total_available_quantity: p.total_available_quantity,
          primary_image: p.primary_image,
          product_images: p.product_images.map((i) => ({ image: i.image })),
          get_discount: discountPercent(sale.regularPrice, sale.discountedPrice),
          isOrganic: p.isOrganic,
          rating: p.rating,
          ratingCount: p.ratingCount,
          short_description: p.short_description,
          marked_price: p.marked_price,
          selling_price: p.selling_price,
          unit_price: p.unit_price,
        },
      },
    ];
  });
}
