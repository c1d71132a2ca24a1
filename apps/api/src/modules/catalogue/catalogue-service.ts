import {
  type Banner,
  type Category,
  type FlashSale,
  HOME_ROW_SIZE,
  type HomeCategory,
  type Product,
} from '@pasal/contract/catalogue';
import type { BrandCount, ProductFilters } from '@pasal/contract/product-filters';
import type { ProductSort } from '@pasal/contract/product-sorts';
import { and, asc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { categories, products } from '../../db/schema/catalogue';
import { banners, flashSales } from '../../db/schema/marketing';
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
  productCards,
  searchWords,
} from './product-queries';
import { planSearch, rankedPage, searchMatches, type WordPlanStore } from './product-search';

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
  return { count, results: await productCards(db, ids) };
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
  plans?: WordPlanStore,
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
  const planned = await planSearch(db, words, plans);
  const where = filterConditions(filters);
  const refined = where !== undefined || (sort !== undefined && sort !== 'relevance');
  // Without a brand filter the brands are those of the page's own matches, counted by its statement.
  const brandFiltered = (filters.brand?.length ?? 0) > 0;
  const [ranked, brandsApart] = await Promise.all([
    rankedPage(
      db,
      planned,
      request.pageSize,
      offsetOf(request),
      refined ? { where, sort: searchSort(sort) } : undefined,
      firstPage && !brandFiltered,
      true,
    ),
    firstPage && brandFiltered
      ? brandCounts(db, allOf(searchMatches(planned), filterConditions(withoutBrand(filters))))
      : undefined,
  ]);
  const { count, ids } = ranked;
  const brands = brandsApart ?? ranked.brands;
  const results = ranked.cards ?? (await productCards(db, ids));
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
