import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, gt, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { categories, productImages, products, reviews } from '../db/schema/catalogue';
import { districts, municipalities, provinces, stationCoverage } from '../db/schema/locations';
import { banners, flashSales } from '../db/schema/marketing';
import { vouchers } from '../db/schema/shopping';
import { users } from '../db/schema/users';
import { verifyPassword } from '../lib/password';
import { createTestDatabase } from '../test/test-database';
import { demoArtworkJobs, renderDemoArtwork } from './demo-artwork';
import { loadNepalLocations } from './locations';
import { isDatabaseEmpty, type SeedSummary, seedDemoData } from './seed-demo-data';

// What the seed must write: the repository's own location data (checked in nepal-locations.test.ts).
const reference = loadNepalLocations();

// Shared between runs so only the first run on a machine pays for rendering.
const mediaDir = join(tmpdir(), 'pasal-test-media');

let database: Database;
let summary: SeedSummary;

beforeAll(async () => {
  database = await createTestDatabase();
  expect(await isDatabaseEmpty(database.db)).toBe(true);
  summary = await seedDemoData(database.db, { mediaDir });
});

afterAll(async () => {
  await database?.close();
});

const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);

describe('seedDemoData', () => {
  it('no longer reports the database as empty', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('writes every province, district and local level of the data file, column for column', async () => {
    const db = database.db;
    const provinceRows = await db.select().from(provinces);
    const districtRows = await db.select().from(districts);
    const localRows = await db.select().from(municipalities);
    expect(provinceRows).toHaveLength(7);
    expect(districtRows).toHaveLength(77);
    expect(localRows).toHaveLength(753);
    expect(byId(provinceRows)).toEqual(
      byId(reference.provinces).map((p) => ({
        id: p.id,
        name: p.name,
        nameNe: p.name_ne,
        headquarter: p.headquarter,
      })),
    );
    expect(byId(districtRows)).toEqual(
      byId(reference.districts).map((d) => ({
        id: d.id,
        provinceId: d.province_id,
        name: d.name,
        nameNe: d.name_ne,
        headquarter: d.headquarter,
      })),
    );
    expect(byId(localRows)).toEqual(
      byId(reference.municipalities).map((m) => ({
        id: m.id,
        districtId: m.district_id,
        name: m.name,
        nameNe: m.name_ne,
        type: m.type,
        wards: m.wards,
      })),
    );
  });

  it('has delivery stations covering every local level of the valley districts and Kaski', async () => {
    const db = database.db;
    for (const district of ['Kathmandu', 'Lalitpur', 'Bhaktapur', 'Kaski']) {
      const districtId = reference.districts.find((d) => d.name === district)!.id;
      const expected = reference.municipalities.filter((m) => m.district_id === districtId).map((m) => m.id);
      const covered = await db
        .selectDistinct({ id: stationCoverage.municipalityId })
        .from(stationCoverage)
        .innerJoin(municipalities, eq(municipalities.id, stationCoverage.municipalityId))
        .innerJoin(districts, eq(districts.id, municipalities.districtId))
        .where(eq(districts.name, district));
      expect(
        covered.map((c) => c.id).sort((a, b) => a - b),
        district,
      ).toEqual(expected.sort((a, b) => a - b));
    }
    const distances = await db.select({ km: stationCoverage.distanceKm }).from(stationCoverage);
    for (const { km } of distances) {
      expect(Number(km)).toBeGreaterThanOrEqual(1);
      expect(Number(km)).toBeLessThanOrEqual(25);
    }
  });

  it('builds a category tree of at least 8 top categories, each with subcategories', async () => {
    const rows = await database.db
      .select({ id: categories.id, parentId: categories.parentId, nepaliTitle: categories.nepaliTitle })
      .from(categories);
    const tops = rows.filter((c) => c.parentId === null);
    expect(tops.length).toBeGreaterThanOrEqual(8);
    for (const top of tops)
      expect(rows.filter((c) => c.parentId === top.id).length).toBeGreaterThanOrEqual(2);
    for (const c of rows) expect(c.nepaliTitle).toMatch(/[\u0900-\u097F]/);
  });

  it('stocks at least 150 products with Nepali titles, sane prices, some sold out and some organic', async () => {
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(summary.products).toBe(rows.length);
    for (const p of rows) {
      expect(p.nepaliTitle, p.slug).toMatch(/[\u0900-\u097F]/);
      expect(p.sellingPrice, p.slug).toBeLessThanOrEqual(p.markedPrice);
      expect(p.sellingPrice, p.slug).toBeGreaterThan(0);
      expect(Number.isInteger(p.markedPrice) && Number.isInteger(p.sellingPrice)).toBe(true);
    }
    expect(rows.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((p) => p.isOrganic).length).toBeGreaterThanOrEqual(15);
    expect(rows.filter((p) => p.isTodaySpecial).length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((p) => p.isNewArrival).length).toBeGreaterThanOrEqual(10);
    // Products hang off subcategories only.
    const parents = await database.db
      .selectDistinct({ parentId: categories.parentId })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId));
    expect(parents.every((c) => c.parentId !== null)).toBe(true);
  });

  it('gives every product a primary image first, plus at least one more', async () => {
    const rows = await database.db.select().from(productImages);
    const byProduct = new Map<number, typeof rows>();
    for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
    expect(byProduct.size).toBe(summary.products);
    for (const images of byProduct.values()) {
      images.sort((a, b) => a.position - b.position);
      expect(images.length).toBeGreaterThanOrEqual(2);
      expect(images.map((i) => i.isPrimary)).toEqual(images.map((_, i) => i === 0));
    }
  });

  it('points every stored image path at a real WebP file in the media folder', async () => {
    const db = database.db;
    const imageRows = await db
      .select({ image: productImages.image, thumb: productImages.thumbnail })
      .from(productImages);
    const categoryRows = await db.select({ image: categories.image }).from(categories);
    const bannerRows = await db.select({ image: banners.image }).from(banners);
    expect(bannerRows).toHaveLength(4);
    const paths = [
      ...imageRows.flatMap((r) => [r.image, r.thumb]),
      ...categoryRows.map((r) => r.image),
      ...bannerRows.map((r) => r.image),
    ];
    for (const path of paths) expect(path).toMatch(/^\/media\/[a-z0-9/-]+\.webp$/);
    const files = (paths as string[]).map((p) => join(mediaDir, p.slice('/media/'.length)));
    for (let i = 0; i < files.length; i += 50) {
      await Promise.all(
        files.slice(i, i + 50).map(async (file) => {
          expect((await stat(file)).size, file).toBeGreaterThan(0);
          expect((await sharp(file).metadata()).format, file).toBe('webp');
        }),
      );
    }
    const [banner] = bannerRows;
    const meta = await sharp(join(mediaDir, banner.image.slice('/media/'.length))).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 500]);
  });

  it('creates the demo customer, staff and rider accounts with working passwords', async () => {
    const [customer] = await database.db.select().from(users).where(eq(users.phone, '9800000001'));
    expect(customer.email).toBe('demo@example.com');
    expect(customer.isActive).toBe(true);
    expect(customer.phoneVerifiedAt).not.toBeNull();
    expect(await verifyPassword(customer.passwordHash!, 'Demo@1234')).toBe(true);
    expect(await verifyPassword(customer.passwordHash!, 'demo@1234')).toBe(false);
    const [staff] = await database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(staff.isStaff).toBe(true);
    expect(await verifyPassword(staff.passwordHash!, 'Admin@1234')).toBe(true);
    const [rider] = await database.db.select().from(users).where(eq(users.email, 'rider@example.com'));
    expect(rider).toMatchObject({ isRider: true, isStaff: false, isActive: true, phone: '9800000002' });
    expect(await verifyPassword(rider.passwordHash!, 'Rider@1234')).toBe(true);
    const others = await database.db.select({ id: users.id }).from(users).where(isNull(users.passwordHash));
    expect(others.length).toBeGreaterThanOrEqual(10);
  });

  it('creates the WELCOME10 and FLAT50 vouchers', async () => {
    const rows = await database.db.select().from(vouchers);
    const welcome = rows.find((v) => v.code === 'WELCOME10')!;
    expect(welcome).toMatchObject({
      voucherType: 'Percentage',
      minimumOrderValue: 50_000,
      maximumDiscount: 30_000,
      isActive: true,
    });
    expect(Number(welcome.discountPercentage)).toBe(10);
    const flat = rows.find((v) => v.code === 'FLAT50')!;
    expect(flat).toMatchObject({
      voucherType: 'Amount',
      discountAmount: 5_000,
      minimumOrderValue: 20_000,
      isActive: true,
    });
  });

  it('keeps rating aggregates equal to the reviews', async () => {
    const reviewRows = await database.db.select().from(reviews);
    expect(reviewRows.length).toBeGreaterThanOrEqual(120);
    const pairs = new Set(reviewRows.map((r) => `${r.productId}:${r.userId}`));
    expect(pairs.size).toBe(reviewRows.length);
    const productRows = await database.db
      .select({ id: products.id, average: products.ratingAverage, count: products.ratingCount })
      .from(products);
    let reviewed = 0;
    for (const p of productRows) {
      const ratings = reviewRows.filter((r) => r.productId === p.id).map((r) => r.rating);
      expect(p.count).toBe(ratings.length);
      const mean = ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : 0;
      expect(Math.abs(Number(p.average) - mean)).toBeLessThanOrEqual(0.005);
      if (ratings.length) reviewed++;
    }
    expect(reviewed).toBeGreaterThanOrEqual(50);
  });

  it('has active flash sales below the selling price, plus an expired and a disabled one', async () => {
    const db = database.db;
    const active = await db
      .select({
        discounted: flashSales.discountedPrice,
        selling: products.sellingPrice,
        stock: products.stock,
      })
      .from(flashSales)
      .innerJoin(products, eq(products.id, flashSales.productId))
      .where(
        and(
          eq(flashSales.isActive, true),
          lte(flashSales.startsAt, sql`now()`),
          gt(flashSales.endsAt, sql`now()`),
        ),
      );
    expect(active.length).toBeGreaterThanOrEqual(6);
    for (const sale of active) {
      expect(sale.discounted).toBeLessThan(sale.selling);
      expect(sale.stock).toBeGreaterThan(0);
    }
    const expired = await db.select().from(flashSales).where(lt(flashSales.endsAt, sql`now()`));
    expect(expired.length).toBeGreaterThanOrEqual(1);
    const disabled = await db.select().from(flashSales).where(eq(flashSales.isActive, false));
    expect(disabled.length).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(users).where(isNotNull(users.deletedAt))).toHaveLength(0);
  });

  it('renders nothing again when the media folder already holds the artwork', async () => {
    const jobs = demoArtworkJobs().length;
    expect(summary.images.rendered + summary.images.skipped).toBe(jobs);
    const again = await renderDemoArtwork(mediaDir);
    expect(again).toMatchObject({ rendered: 0, skipped: jobs });
  });
});
