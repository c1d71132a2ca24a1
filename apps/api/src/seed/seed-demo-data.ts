import { FLASH_SALE_PER_CUSTOMER_DEFAULT } from '@pasal/contract/admin-flash-sales';
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { categories, productImages, productSizeGroups, products, reviews } from '../db/schema/catalogue';
import { banners, flashSales } from '../db/schema/marketing';
import { vouchers } from '../db/schema/shopping';
import { users } from '../db/schema/users';
import { toPaisa } from '../lib/money';
import { hashPassword } from '../lib/password';
import { chunks } from './batches';
import { categoryTree, demoProducts, demoSizeGroups } from './catalogue-data';
import { seedDeliverySlots } from './delivery-slots-data';
import { bannerImagePath, categoryImagePath, productImagePaths, renderDemoArtwork } from './demo-artwork';
import { demoTaxClass } from './demo-tax-classes';
import { type LocationCounts, seedLocations } from './locations';
import { demoBanners, demoFlashSales, demoVouchers } from './marketing-data';
import type { RenderStats } from './render-artwork';
import { buildDemoReviews, demoReviewers } from './reviews-data';

// DECISIONS.md §5: the demo accounts everyone may rely on.
export const DEMO_CUSTOMER = {
  phone: '9800000001',
  email: 'demo@example.com',
  password: 'Demo@1234',
} as const;
export const DEMO_STAFF = { email: 'admin@example.com', password: 'Admin@1234' } as const;
/** A delivery rider (docs/delivery-riders.md): signs in and lands on /rider. */
export const DEMO_RIDER = {
  phone: '9800000002',
  email: 'rider@example.com',
  password: 'Rider@1234',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedSummary extends LocationCounts {
  topCategories: number;
  subcategories: number;
  products: number;
  outOfStock: number;
  organic: number;
  todaySpecial: number;
  newArrival: number;
  productImages: number;
  users: number;
  reviews: number;
  banners: number;
  flashSales: number;
  activeFlashSales: number;
  vouchers: number;
  images: RenderStats;
}

export interface SeedOptions {
  mediaDir: string;
  /** The seed's notion of "now" for flash-sale windows and review dates. */
  now?: Date;
  /**
   * The demo customer and staff accounts, whose passwords are public (default true). A production
   * start seeds the catalogue without them: it refuses to run with a demo password.
   */
  demoAccounts?: boolean;
}

/** True when nothing has been seeded yet: no categories and no users. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db
    .select({
      categories: sql<number>`(select count(*) from ${categories})::int`,
      users: sql<number>`(select count(*) from ${users})::int`,
    })
    .from(sql`(select 1) as one`);
  return Number(row.categories) === 0 && Number(row.users) === 0;
}

/** The demo categories (DECISIONS.md §5): ten departments and their subcategories, with pictures' paths. */
export async function insertCategoryTree(tx: DbOrTx) {
  const tops = await tx
    .insert(categories)
    .values(
      categoryTree.map((c, i) => ({
        title: c.title,
        nepaliTitle: c.nepaliTitle,
        slug: c.slug,
        image: categoryImagePath(c.slug),
        position: i,
        isFeatured: c.featured ?? false,
      })),
    )
    .returning({ id: categories.id, slug: categories.slug });
  const topIds = new Map(tops.map((c) => [c.slug, c.id]));
  const subs = await tx
    .insert(categories)
    .values(
      categoryTree.flatMap((top) =>
        top.subcategories.map((c, i) => ({
          parentId: topIds.get(top.slug)!,
          title: c.title,
          nepaliTitle: c.nepaliTitle,
          slug: c.slug,
          image: categoryImagePath(c.slug),
          position: i,
          isFeatured: c.featured ?? false,
        })),
      ),
    )
    .returning({ id: categories.id, slug: categories.slug });
  return { tops, subs, subIds: new Map(subs.map((c) => [c.slug, c.id])) };
}

/** Inserts the whole demo data set in one transaction; pictures are drawn first, outside it. */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const images = await renderDemoArtwork(options.mediaDir);
  // Argon2 is slow on purpose, so each demo password is hashed exactly once.
  const withAccounts = options.demoAccounts ?? true;
  const [customerHash, staffHash, riderHash] = withAccounts
    ? await Promise.all([
        hashPassword(DEMO_CUSTOMER.password),
        hashPassword(DEMO_STAFF.password),
        hashPassword(DEMO_RIDER.password),
      ])
    : [];
  const reviewSeeds = buildDemoReviews(demoProducts.map((p) => p.slug));

  return db.transaction(async (tx) => {
    const locations = await seedLocations(tx);
    await seedDeliverySlots(tx);

    const { tops, subs, subIds } = await insertCategoryTree(tx);

    const productIds = new Map<string, number>();
    for (const batch of chunks(demoProducts, 100)) {
      const rows = await tx
        .insert(products)
        .values(
          batch.map((p) => {
            const categoryId = subIds.get(p.categorySlug);
            if (categoryId === undefined) throw new Error(`${p.slug}: unknown subcategory ${p.categorySlug}`);
            return {
              slug: p.slug,
              title: p.title,
              nepaliTitle: p.nepaliTitle,
              brand: p.brand,
              unit: p.unit,
              description: p.description,
              shortDescription: p.shortDescription,
              markedPrice: toPaisa(p.markedPrice),
              sellingPrice: toPaisa(p.sellingPrice),
              stock: p.stock,
              categoryId,
              isOrganic: p.organic ?? false,
              isTodaySpecial: p.todaySpecial ?? false,
              isNewArrival: p.newArrival ?? false,
              taxClass: demoTaxClass(p),
            };
          }),
        )
        .returning({ id: products.id, slug: products.slug });
      for (const row of rows) productIds.set(row.slug, row.id);
    }

    for (const slugs of demoSizeGroups) {
      const [group] = await tx.insert(productSizeGroups).values({}).returning({ id: productSizeGroups.id });
      const ids = slugs.map((slug) => {
        const id = productIds.get(slug);
        if (id === undefined) throw new Error(`size group: unknown product ${slug}`);
        return id;
      });
      await tx.update(products).set({ sizeGroupId: group.id }).where(inArray(products.id, ids));
    }

    const imageRows = demoProducts.flatMap((p, index) =>
      productImagePaths(p.slug, index).map((paths, position) => ({
        productId: productIds.get(p.slug)!,
        image: paths.image,
        thumbnail: paths.thumbnail,
        position,
        isPrimary: position === 0,
      })),
    );
    for (const batch of chunks(imageRows, 250)) await tx.insert(productImages).values(batch);

    if (customerHash && staffHash && riderHash) {
      await tx.insert(users).values([
        {
          phone: DEMO_CUSTOMER.phone,
          email: DEMO_CUSTOMER.email,
          passwordHash: customerHash,
          firstName: 'Demo',
          lastName: 'Customer',
          isActive: true,
          phoneVerifiedAt: now,
          // The demo customer's address counts as proved, so order confirmations go by e-mail.
          emailVerifiedAt: now,
        },
        {
          email: DEMO_STAFF.email,
          passwordHash: staffHash,
          firstName: 'Pasal',
          lastName: 'Admin',
          isActive: true,
          isStaff: true,
          emailVerifiedAt: now,
        },
        {
          phone: DEMO_RIDER.phone,
          email: DEMO_RIDER.email,
          passwordHash: riderHash,
          firstName: 'Demo',
          lastName: 'Rider',
          isActive: true,
          isRider: true,
          phoneVerifiedAt: now,
        },
      ]);
    }
    // Reviewers only lend their names to reviews; without a password hash they cannot log in.
    const reviewerRows = await tx
      .insert(users)
      .values(demoReviewers.map((r) => ({ ...r, isActive: true, phoneVerifiedAt: now })))
      .returning({ id: users.id });

    const reviewRows = reviewSeeds.map((r) => ({
      productId: productIds.get(r.productSlug)!,
      userId: reviewerRows[r.reviewerIndex].id,
      rating: r.rating,
      review: r.review,
      createdAt: new Date(now.getTime() - r.daysAgo * DAY_MS),
    }));
    for (const batch of chunks(reviewRows, 250)) await tx.insert(reviews).values(batch);
    // Let the database compute the aggregates, so they match AVG/COUNT over reviews exactly.
    await tx.execute(sql`
      update ${products} set
        rating_average = round(r.average, 2),
        rating_count = r.count
      from (select product_id, avg(rating) as average, count(*)::int as count from ${reviews} group by product_id) as r
      where ${products.id} = r.product_id`);

    await tx.insert(banners).values(
      demoBanners.map((b, i) => ({
        title: b.title,
        image: bannerImagePath(i + 1),
        link: b.link,
        position: i,
      })),
    );

    const stockOf = new Map(demoProducts.map((p) => [p.slug, p]));
    const saleRows = demoFlashSales.map((sale) => {
      const product = stockOf.get(sale.productSlug);
      if (!product) throw new Error(`Flash sale on unknown product ${sale.productSlug}`);
      if (sale.discountedPrice >= product.sellingPrice || product.stock === 0) {
        throw new Error(`Flash sale on ${sale.productSlug} must be cheaper than its price and in stock`);
      }
      const expired = sale.state === 'expired';
      return {
        productId: productIds.get(sale.productSlug)!,
        discountedPrice: toPaisa(sale.discountedPrice),
        startsAt: new Date(now.getTime() - (expired ? 8 : 1) * DAY_MS),
        endsAt: new Date(now.getTime() + (expired ? -1 : 7) * DAY_MS),
        isActive: sale.state !== 'disabled',
        perCustomerLimit: FLASH_SALE_PER_CUSTOMER_DEFAULT,
      };
    });
    await tx.insert(flashSales).values(saleRows);

    await tx.insert(vouchers).values(
      demoVouchers.map((v) => ({
        code: v.code,
        voucherType: v.voucherType,
        discountPercentage: v.discountPercentage.toFixed(2),
        discountAmount: toPaisa(v.discountAmount),
        minimumOrderValue: toPaisa(v.minimumOrderValue),
        maximumDiscount: v.maximumDiscount === null ? null : toPaisa(v.maximumDiscount),
        isActive: true,
        // The demo codes are public: carts list them (decision 055).
        isListed: true,
      })),
    );

    return {
      ...locations,
      topCategories: tops.length,
      subcategories: subs.length,
      products: productIds.size,
      outOfStock: demoProducts.filter((p) => p.stock === 0).length,
      organic: demoProducts.filter((p) => p.organic).length,
      todaySpecial: demoProducts.filter((p) => p.todaySpecial).length,
      newArrival: demoProducts.filter((p) => p.newArrival).length,
      productImages: imageRows.length,
      users: (customerHash ? 2 : 0) + reviewerRows.length,
      reviews: reviewRows.length,
      banners: demoBanners.length,
      flashSales: saleRows.length,
      activeFlashSales: demoFlashSales.filter((s) => s.state === 'active').length,
      vouchers: demoVouchers.length,
      images,
    };
  });
}
