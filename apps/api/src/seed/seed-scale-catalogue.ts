import { FLASH_SALE_PER_CUSTOMER_DEFAULT } from '@pasal/contract/admin-flash-sales';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../db/client';
import { categories, productImages, products } from '../db/schema/catalogue';
import { flashSales } from '../db/schema/marketing';
import { toPaisa } from '../lib/money';
import { demoProducts } from './catalogue-data';
import { productImagePaths } from './demo-artwork';
import { buildTemplates, type ScaleProduct, scaleProduct } from './scale-products';

/**
 * Statement timeout for seeding (PostgreSQL): rebuilding the trigram index over 50,000 products is
 * maintenance, not a request, and takes longer than a request's 15 s on a busy machine.
 */
export const SEED_STATEMENT_TIMEOUT_MS = 10 * 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const PRODUCT_BATCH = 500;
const REBUILD_INDEXES_FROM = 5_000;

export interface ScaleSummary {
  before: number;
  added: number;
  total: number;
  flashSales: number;
  ms: number;
}

/**
 * Adds generated products until the catalogue holds `target` products, spread over the demo
 * subcategories and reusing the demo pictures (nothing is drawn). Needs the demo catalogue's
 * categories; one transaction, so an interrupted run adds nothing.
 */
export async function seedScaleCatalogue(
  db: Db,
  target: number,
  options: { now?: Date } = {},
): Promise<ScaleSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const templates = buildTemplates(demoProducts);
  return db.transaction(async (tx) => {
    const [{ count, maxId }] = await tx
      .select({
        count: sql<number>`count(*)::int`.mapWith(Number),
        maxId: sql<number>`coalesce(max(${products.id}), 0)::int`.mapWith(Number),
      })
      .from(products);
    const missing = Math.max(0, target - count);
    if (missing === 0) return { before: count, added: 0, total: count, flashSales: 0, ms: 0 };

    const categoryRows = await tx.select({ id: categories.id, slug: categories.slug }).from(categories);
    const categoryIds = new Map(categoryRows.map((c) => [c.slug, c.id]));
    for (const p of demoProducts) {
      if (!categoryIds.has(p.categorySlug)) {
        throw new Error(`The demo category ${p.categorySlug} is missing: seed the demo catalogue first.`);
      }
    }

    // GIN indexes (trigrams, word arrays) grow faster built once over all rows than updated row by row.
    const rebuild = missing >= REBUILD_INDEXES_FROM ? await dropTrigramIndexes(tx) : [];

    // Numbers above every existing id never repeat an earlier run's slugs.
    const first = maxId + 1;
    let flashSaleCount = 0;
    for (let start = 0; start < missing; start += PRODUCT_BATCH) {
      const batch = Array.from({ length: Math.min(PRODUCT_BATCH, missing - start) }, (_, i) =>
        scaleProduct(first + start + i, templates),
      );
      const inserted = await insertProducts(tx, batch, categoryIds, now);
      const idOf = new Map(inserted.map((row) => [row.slug, row.id]));

      const images = batch.flatMap((p) =>
        productImagePaths(demoProducts[p.templateIndex].slug, p.templateIndex).map((paths, position) => ({
          productId: idOf.get(p.slug)!,
          image: paths.image,
          thumbnail: paths.thumbnail,
          position,
          isPrimary: position === 0,
        })),
      );
      await insertImages(tx, images);

      const sales = batch.filter((p) => p.flashSalePrice !== null);
      if (sales.length > 0) {
        await tx.insert(flashSales).values(
          sales.map((p) => ({
            productId: idOf.get(p.slug)!,
            discountedPrice: toPaisa(p.flashSalePrice!),
            startsAt: new Date(now.getTime() - DAY_MS),
            endsAt: new Date(now.getTime() + 7 * DAY_MS),
            perCustomerLimit: FLASH_SALE_PER_CUSTOMER_DEFAULT,
          })),
        );
        flashSaleCount += sales.length;
      }
    }
    if (rebuild.length > 0) await tx.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
    for (const definition of rebuild) await tx.execute(sql.raw(definition));
    // Fresh statistics, or the planner would pick its plans for the small catalogue it last saw.
    await tx.execute(sql`analyze ${products}, ${productImages}, ${flashSales}`);
    return {
      before: count,
      added: missing,
      total: count + missing,
      flashSales: flashSaleCount,
      ms: Math.round(performance.now() - started),
    };
  });
}

// One array per column and unnest(): a batch is one statement with a handful of parameters, which
// PostgreSQL (and PGlite) bind far faster than thousands of single values.
const array = (values: unknown[]) => sql.param(values);

async function insertProducts(
  tx: Tx,
  batch: ScaleProduct[],
  categoryIds: Map<string, number>,
  now: Date,
): Promise<{ id: number; slug: string }[]> {
  const column = <T>(pick: (p: ScaleProduct) => T) => array(batch.map(pick));
  return queryRows<{ id: number; slug: string }>(
    tx,
    sql`
    insert into ${products} (slug, title, nepali_title, brand, unit, description, short_description,
      marked_price_paisa, selling_price_paisa, stock, category_id, is_organic, is_today_special,
      is_new_arrival, created_at, updated_at)
    select *, ${now.toISOString()}::timestamptz from unnest(
      ${column((p) => p.slug)}::text[], ${column((p) => p.title)}::text[],
      ${column((p) => p.nepaliTitle)}::text[], ${column((p) => p.brand)}::text[],
      ${column((p) => p.unit)}::text[], ${column((p) => p.description)}::text[],
      ${column((p) => p.shortDescription)}::text[], ${column((p) => toPaisa(p.markedPrice))}::int[],
      ${column((p) => toPaisa(p.sellingPrice))}::int[], ${column((p) => p.stock)}::int[],
      ${column((p) => categoryIds.get(demoProducts[p.templateIndex].categorySlug)!)}::int[],
      ${column((p) => p.isOrganic)}::boolean[], ${column((p) => p.isTodaySpecial)}::boolean[],
      ${column((p) => p.isNewArrival)}::boolean[],
      ${column((p) => new Date(now.getTime() - p.ageDays * DAY_MS).toISOString())}::timestamptz[]
    )
    returning id, slug`,
  );
}

async function insertImages(
  tx: Tx,
  rows: { productId: number; image: string; thumbnail: string; position: number; isPrimary: boolean }[],
): Promise<void> {
  await tx.execute(sql`
    insert into ${productImages} (product_id, image, thumbnail, position, is_primary)
    select * from unnest(
      ${array(rows.map((r) => r.productId))}::int[], ${array(rows.map((r) => r.image))}::text[],
      ${array(rows.map((r) => r.thumbnail))}::text[], ${array(rows.map((r) => r.position))}::int[],
      ${array(rows.map((r) => r.isPrimary))}::boolean[]
    )`);
}

/** Drops the products table's GIN indexes (trigrams, word arrays) and returns the statements that recreate them. */
async function dropTrigramIndexes(tx: Tx): Promise<string[]> {
  const rows = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename = 'products' and indexdef like '% USING gin %'`,
  );
  for (const row of rows) await tx.execute(sql.raw(`drop index "${row.name}"`));
  return rows.map((row) => row.definition);
}
