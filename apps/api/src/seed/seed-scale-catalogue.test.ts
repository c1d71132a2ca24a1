import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, queryRows } from '../db/client';
import { createTestDatabase } from '../test/test-database';
import { demoProducts } from './catalogue-data';
import { buildTemplates, scaleProduct } from './scale-products';
import { insertCategoryTree } from './seed-demo-data';
import { seedScaleCatalogue } from './seed-scale-catalogue';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('generated products', () => {
  const templates = buildTemplates(demoProducts);

  test('the same number always gives the same product', () => {
    expect(scaleProduct(4242, templates)).toEqual(scaleProduct(4242, templates));
    expect(scaleProduct(4242, templates).slug).not.toBe(scaleProduct(4243, templates).slug);
  });

  test('plausible: Nepali titles, sizes in the title and unit, prices that add up', () => {
    const sample = Array.from({ length: 3000 }, (_, i) => scaleProduct(i + 1, templates));
    for (const p of sample) {
      expect(p.nepaliTitle).toMatch(/[\u0900-\u097f]/);
      expect(p.sellingPrice).toBeGreaterThanOrEqual(5);
      expect(p.markedPrice).toBeGreaterThanOrEqual(p.sellingPrice);
      if (p.flashSalePrice !== null) expect(p.flashSalePrice).toBeLessThan(p.sellingPrice);
      expect(p.stock).toBeGreaterThanOrEqual(0);
    }
    const share = (pick: (p: (typeof sample)[number]) => boolean) =>
      sample.filter(pick).length / sample.length;
    expect(share((p) => p.stock === 0)).toBeGreaterThan(0.02);
    expect(share((p) => p.stock === 0)).toBeLessThan(0.12);
    expect(share((p) => p.isOrganic)).toBeGreaterThan(0.02);
    expect(share((p) => p.markedPrice > p.sellingPrice)).toBeGreaterThan(0.2);
    // Titles hardly ever repeat within a catalogue of this size.
    expect(new Set(sample.map((p) => p.title)).size / sample.length).toBeGreaterThan(0.98);
    const rice = sample.find((p) => p.title.startsWith('Jeera Masino Rice') && p.unit.endsWith('kg'));
    expect(rice?.title).toMatch(/ \d+(\.\d+)? kg/);
  });
});

describe('seedScaleCatalogue', () => {
  test('refuses a database without the demo categories', async () => {
    await expect(seedScaleCatalogue(database.db, 10)).rejects.toThrow(/demo category/);
  });

  // 6,000 rows go through the search-text trigger (loose forms and search_terms, decision 040).
  test('fills the catalogue up to the target over every subcategory, reusing the demo pictures', async () => {
    await insertCategoryTree(database.db);
    const summary = await seedScaleCatalogue(database.db, 6000);
    expect(summary).toMatchObject({ before: 0, added: 6000, total: 6000 });

    const [stats] = await queryRows<Record<string, string | number>>(
      database.db,
      sql`select count(*)::int as products, count(distinct slug)::int as slugs,
            count(distinct category_id)::int as categories,
            count(*) filter (where stock = 0)::int as sold_out,
            count(*) filter (where is_today_special)::int as special,
            count(*) filter (where search_text = '')::int as unsearchable,
            (select count(*)::int from product_images) as images,
            (select count(distinct product_id)::int from product_images) as pictured,
            (select count(*)::int from product_images where image not like '/media/products/%.webp') as odd_images,
            (select count(*)::int from flash_sales f join products p on p.id = f.product_id
              where f.discounted_price_paisa < p.selling_price_paisa and f.ends_at > now()) as good_sales,
            (select count(*)::int from flash_sales) as sales,
            (select count(*)::int from pg_indexes where indexname = 'products_search_text_trgm_idx') as search_index
          from products`,
    );
    expect(stats).toMatchObject({
      products: 6000,
      slugs: 6000,
      categories: 38,
      unsearchable: 0,
      odd_images: 0,
    });
    expect(stats.pictured).toBe(6000);
    expect(Number(stats.images)).toBeGreaterThan(12_000);
    expect(Number(stats.sold_out)).toBeGreaterThan(100);
    expect(Number(stats.special)).toBeGreaterThan(0);
    expect(Number(stats.sales)).toBeGreaterThan(0);
    expect(stats.good_sales).toBe(stats.sales);
    // The trigram index was rebuilt after the bulk insert.
    expect(stats.search_index).toBe(1);
  }, 300_000);

  test('tops up to a larger target and adds nothing when it is reached', async () => {
    expect(await seedScaleCatalogue(database.db, 6000)).toMatchObject({ added: 0, total: 6000 });
    expect(await seedScaleCatalogue(database.db, 6150)).toMatchObject({
      before: 6000,
      added: 150,
      total: 6150,
    });
    const [{ slugs }] = await queryRows<{ slugs: number }>(
      database.db,
      sql`select count(distinct slug)::int as slugs from products`,
    );
    expect(slugs).toBe(6150);
  });
});
