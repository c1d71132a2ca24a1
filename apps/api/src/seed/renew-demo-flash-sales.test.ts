import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/client';
import { products } from '../db/schema/catalogue';
import { flashSales } from '../db/schema/marketing';
import { toPaisa } from '../lib/money';
import { createFlashSale, createProduct } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import { demoFlashSales } from './marketing-data';
import { renewDemoFlashSales } from './renew-demo-flash-sales';

const DAY = 86_400_000;
let database: Database;
const start = new Date('2030-03-01T06:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  // The demo products the sales are on, at prices above the sale prices.
  for (const sale of demoFlashSales) {
    await createProduct(database.db, {
      slug: sale.productSlug,
      sellingPrice: toPaisa(sale.discountedPrice) + 5_000,
      markedPrice: toPaisa(sale.discountedPrice) + 10_000,
    });
  }
});
afterAll(async () => {
  await database?.close();
});

const liveSales = (now: Date) =>
  database.db
    .select()
    .from(flashSales)
    .orderBy(asc(flashSales.id))
    .then((rows) => rows.filter((s) => s.isActive && s.startsAt <= now && s.endsAt > now));

describe('renewing the demo’s flash sales', () => {
  test('starts the demo’s sales for 7 days once none is running or scheduled, and only then', async () => {
    const active = demoFlashSales.filter((s) => s.state === 'active');
    expect(await renewDemoFlashSales(database.db, start)).toBe(active.length);
    const running = await liveSales(start);
    expect(running).toHaveLength(active.length);
    expect(running.every((s) => s.endsAt.getTime() - s.startsAt.getTime() === 7 * DAY)).toBe(true);
    expect(running.every((s) => s.perCustomerLimit === 5)).toBe(true);
    // While any sale is live nothing is added.
    expect(await renewDemoFlashSales(database.db, new Date(start.getTime() + 6 * DAY))).toBe(0);
    // A week later they have all ended: they start again.
    const later = new Date(start.getTime() + 8 * DAY);
    expect(await liveSales(later)).toEqual([]);
    expect(await renewDemoFlashSales(database.db, later)).toBe(active.length);
    expect(await liveSales(later)).toHaveLength(active.length);
  });

  test('a sale staff scheduled counts as live; products withdrawn or now cheaper are skipped', async () => {
    const now = new Date(start.getTime() + 30 * DAY);
    const [first, second] = demoFlashSales.filter((s) => s.state === 'active');
    const [cheaper] = await database.db.select().from(products).where(eq(products.slug, first.productSlug));
    await database.db
      .update(products)
      .set({ sellingPrice: toPaisa(first.discountedPrice) })
      .where(eq(products.id, cheaper.id));
    await database.db.update(products).set({ isActive: false }).where(eq(products.slug, second.productSlug));
    const scheduled = await createFlashSale(database.db, cheaper.id, {
      discountedPrice: 1,
      startsAt: new Date(now.getTime() + DAY),
      endsAt: new Date(now.getTime() + 2 * DAY),
    });
    expect(await renewDemoFlashSales(database.db, now)).toBe(0);
    await database.db.update(flashSales).set({ isActive: false }).where(eq(flashSales.id, scheduled.id));
    const renewed = await renewDemoFlashSales(database.db, now);
    expect(renewed).toBe(demoFlashSales.filter((s) => s.state === 'active').length - 2);
    const productIds = (await liveSales(now)).map((s) => s.productId);
    expect(productIds).not.toContain(cheaper.id);
  });
});
