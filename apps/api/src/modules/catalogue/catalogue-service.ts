import type { Banner, Category, FlashSale, HomeCategory, Product, Review } from '@pasal/contract/catalogue';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, products, reviews } from '../../db/schema/catalogue';
import { banners, flashSales } from '../../db/schema/marketing';
import { users } from '../../db/schema/users';
import { NotFoundError } from '../../lib/errors';
import { toRupees } from '../../lib/money';
import { discountPercent } from './product-mapper';
import { findProducts, matchesEveryWord } from './product-queries';

const HOME_ROW_SIZE = 24;
const RECOMMENDED_SIZE = 12;
const SEARCH_MAX = 500;
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

/** A category's own products and, for a parent, those of its subcategories. */
export async function listCategoryProducts(
  db: DbOrTx,
  categoryId: number,
): Promise<{ category: Category; results: Product[] }> {
  const rows = await allCategoryRows(db);
  const row = rows.find((c) => c.id === categoryId);
  if (!row) throw new NotFoundError('Category not found.');
  const ids = [row.id, ...rows.filter((c) => c.parentId === row.id).map((c) => c.id)];
  const results = await findProducts(db, {
    where: inArray(products.categoryId, ids),
    orderBy: [asc(products.title)],
  });
  const [category] = nestCategories([row, ...rows.filter((c) => c.parentId === row.id)], () => true);
  const asCategory: Category = category ?? {
    id: row.id,
    title: row.title,
    nepali_title: row.nepaliTitle,
    slug: row.slug,
    image: row.image,
    subcategories: [],
  };
  return { category: asCategory, results };
}

export function searchProducts(db: DbOrTx, q: string | undefined, limit = SEARCH_MAX): Promise<Product[]> {
  return findProducts(db, {
    where: q ? matchesEveryWord(q.trim()) : undefined,
    orderBy: [asc(products.title)],
    limit,
  });
}

export function listTodaySpecial(db: DbOrTx): Promise<Product[]> {
  return findProducts(db, { where: eq(products.isTodaySpecial, true), orderBy: [asc(products.title)] });
}

export function listNewArrivals(db: DbOrTx): Promise<Product[]> {
  return findProducts(db, {
    where: eq(products.isNewArrival, true),
    orderBy: [desc(products.createdAt), desc(products.id)],
  });
}

export async function listBanners(db: DbOrTx): Promise<Banner[]> {
  return db
    .select({ id: banners.id, image: banners.image, title: banners.title })
    .from(banners)
    .where(eq(banners.isActive, true))
    .orderBy(asc(banners.position), asc(banners.id));
}

export async function getHomeData(db: DbOrTx) {
  const [bannerList, todaySpecial, newArrival, categoryRows] = await Promise.all([
    listBanners(db),
    listTodaySpecial(db),
    listNewArrivals(db),
    allCategoryRows(db),
  ]);
  const tops = nestCategories(categoryRows, () => true);
  // One query for every category row's products, then grouped by top category.
  const all = await findProducts(db, { orderBy: [asc(products.title)] });
  const topOf = new Map<number, number>();
  for (const c of categoryRows) topOf.set(c.id, c.parentId ?? c.id);
  const homeCategories: HomeCategory[] = tops.map((top) => ({
    ...top,
    products: all.filter((p) => topOf.get(p.category_id) === top.id).slice(0, HOME_ROW_SIZE),
  }));
  return {
    banners: bannerList,
    today_special: todaySpecial,
    new_arrival: newArrival,
    categories: homeCategories,
  };
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

  // Same subcategory first, then the rest of its top category.
  const [own] = await db.select().from(categories).where(eq(categories.id, product.category_id));
  const topId = own?.parentId ?? product.category_id;
  const recommended = await findProducts(db, {
    where: and(
      sql`${products.id} <> ${product.id}`,
      inArray(
        products.categoryId,
        db
          .select({ id: categories.id })
          .from(categories)
          .where(or(eq(categories.id, topId), eq(categories.parentId, topId))),
      ),
    ),
    orderBy: [
      sql`(${products.categoryId} = ${product.category_id}) desc`,
      desc(products.ratingCount),
      asc(products.id),
    ],
    limit: RECOMMENDED_SIZE,
  });
  return { product, reviews: reviewList, recommended_products: recommended };
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
        },
      },
    ];
  });
}
