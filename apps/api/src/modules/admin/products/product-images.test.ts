import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type AdminProductImage, MAX_PRODUCT_IMAGE_BYTES } from '@pasal/contract/admin-products';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { productImages } from '../../../db/schema/catalogue';
import { orderLines } from '../../../db/schema/orders';
import { NOT_AN_IMAGE, TOO_MANY_PIXELS } from '../../../lib/images';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCategory, createOrder, createProduct, createUser } from '../../../test/factories';
import { jpeg, pngClaiming, svgWithScript, textPretendingToBePng } from '../../../test/images';
import { admin, newStaff, type StaffMember, upload } from '../../../test/staff';
import { IMAGE_TOO_LARGE } from './product-routes';

let t: TestApp;
let staff: StaffMember;
let categoryId: number;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await newStaff(t.app, t.db);
  categoryId = (await createCategory(t.db)).id;
});
afterAll(async () => {
  await t.close();
});

/** A product without pictures. */
async function bareProduct() {
  const product = await createProduct(t.db, { categoryId });
  await t.db.delete(productImages).where(eq(productImages.productId, product.id));
  return product;
}

const mediaFile = (path: string) => join(t.dataDir, 'media', path.replace(/^\/media\//, ''));
const productFiles = () => {
  const dir = join(t.dataDir, 'media/products');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

async function add(productId: number, bytes: Buffer, filename = 'photo.jpg') {
  return upload(t.app, `/products/${productId}/images/`, staff, { bytes, filename });
}

async function addOk(productId: number, bytes: Buffer): Promise<AdminProductImage[]> {
  const answer = await add(productId, bytes);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().images;
}

async function auditActions(productId: number) {
  const answer = await admin(t.app, 'GET', `/audit/?entity=product&entity_id=${productId}&order=asc`, {
    as: staff,
  });
  return answer.json().results as {
    action: string;
    before: { images: AdminProductImage[] };
    after: { images: AdminProductImage[] };
  }[];
}

describe('uploading product pictures', () => {
  test('a photo becomes an 800×800 WebP and a 300×300 thumbnail; the first is the primary', async () => {
    const product = await bareProduct();
    const [first] = await addOk(product.id, await jpeg(1200, 600));
    expect(first).toMatchObject({ position: 0, is_primary: true });
    expect(first.image).toMatch(new RegExp(`^/media/products/p${product.id}-[0-9a-f]{16}\\.webp$`));
    expect(first.thumbnail).toBe(first.image.replace('.webp', '-thumb.webp'));
    const big = await sharp(mediaFile(first.image)).metadata();
    const thumb = await sharp(mediaFile(first.thumbnail)).metadata();
    expect([big.format, big.width, big.height]).toEqual(['webp', 800, 800]);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 300, 300]);
    expect((await t.app.inject({ method: 'GET', url: first.image })).statusCode).toBe(200);

    const images = await addOk(product.id, await jpeg(300, 300, '#3a3'));
    expect(images.map((i) => [i.position, i.is_primary])).toEqual([
      [0, true],
      [1, false],
    ]);
    const storefront = await t.app.inject({
      method: 'GET',
      url: `/api/ecommerce/product/detail/${product.slug}/`,
    });
    expect(storefront.json().data.product.primary_image.image).toBe(first.image);
    const [entry] = await auditActions(product.id);
    expect(entry).toMatchObject({ action: 'image_add', before: { images: [] } });
    expect(entry.after.images.map((i) => i.image)).toEqual([first.image]);
  });

  test('files that are not pictures are refused from their bytes, and nothing is left behind', async () => {
    const product = await bareProduct();
    const files = productFiles();
    const [audits] = await t.db.select({ n: count() }).from(auditLog);
    const cases: [Buffer, string, number, string][] = [
      [textPretendingToBePng, 'photo.png', 400, NOT_AN_IMAGE],
      [svgWithScript, 'logo.png', 400, NOT_AN_IMAGE],
      [svgWithScript, 'logo.svg', 400, NOT_AN_IMAGE],
      [pngClaiming(100_000, 100_000), 'bomb.png', 400, TOO_MANY_PIXELS],
      [pngClaiming(8_000, 6_000), 'big.png', 400, TOO_MANY_PIXELS],
      [(await jpeg(64, 64)).subarray(0, 200), 'cut.jpg', 400, NOT_AN_IMAGE],
      [Buffer.alloc(MAX_PRODUCT_IMAGE_BYTES, 1), 'huge.jpg', 413, IMAGE_TOO_LARGE],
    ];
    for (const [bytes, filename, status, message] of cases) {
      const answer = await add(product.id, bytes, filename);
      expect(answer.statusCode, filename).toBe(status);
      expect(answer.json(), filename).toEqual({ message, error: { image: [message] } });
    }
    const noFile = await upload(t.app, `/products/${product.id}/images/`, staff, null, { title: 'x' });
    expect(noFile.statusCode).toBe(400);
    const json = await admin(t.app, 'POST', `/products/${product.id}/images/`, {
      as: staff,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const ghost = await add(999_999, await jpeg(10, 10));
    expect(ghost.statusCode).toBe(404);

    expect(productFiles()).toEqual(files);
    expect(await t.db.select().from(productImages).where(eq(productImages.productId, product.id))).toEqual(
      [],
    );
    const [after] = await t.db.select({ n: count() }).from(auditLog);
    expect(after.n).toBe(audits.n);
  });
});

describe('arranging product pictures', () => {
  test('reorder, choose the primary and delete, each in the audit log', async () => {
    const product = await bareProduct();
    await addOk(product.id, await jpeg(50, 50, '#111'));
    await addOk(product.id, await jpeg(50, 50, '#222'));
    const three = await addOk(product.id, await jpeg(50, 50, '#333'));
    const [a, b, c] = three.map((i) => i.id);

    const reordered = await admin(t.app, 'PUT', `/products/${product.id}/images/order/`, {
      as: staff,
      payload: { image_ids: [c, a, b] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().images.map((i: AdminProductImage) => [i.id, i.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);

    const primary = await admin(t.app, 'POST', `/products/${product.id}/images/${b}/primary/`, { as: staff });
    expect(primary.statusCode).toBe(200);
    expect(
      primary
        .json()
        .images.filter((i: AdminProductImage) => i.is_primary)
        .map((i: AdminProductImage) => i.id),
    ).toEqual([b]);

    const removed = three.find((i) => i.id === b)!;
    const deleted = await admin(t.app, 'DELETE', `/products/${product.id}/images/${b}/`, { as: staff });
    expect(deleted.statusCode).toBe(200);
    // The next picture in order became the primary.
    expect(deleted.json().images.map((i: AdminProductImage) => [i.id, i.is_primary])).toEqual([
      [c, true],
      [a, false],
    ]);
    expect(existsSync(mediaFile(removed.image))).toBe(false);
    expect(existsSync(mediaFile(removed.thumbnail))).toBe(false);

    const actions = await auditActions(product.id);
    expect(actions.map((e) => e.action)).toEqual([
      'image_add',
      'image_add',
      'image_add',
      'image_reorder',
      'image_primary',
      'image_delete',
    ]);
    expect(actions[3].before.images.map((i) => i.id)).toEqual([a, b, c]);
    expect(actions[3].after.images.map((i) => i.id)).toEqual([c, a, b]);
    expect(actions[5].before.images).toHaveLength(3);
    expect(actions[5].after.images).toHaveLength(2);
  });

  test('an order made from an older view is a 409 with the pictures as they are', async () => {
    const product = await bareProduct();
    await addOk(product.id, await jpeg(40, 40));
    const current = await addOk(product.id, await jpeg(40, 40));
    const stale = await admin(t.app, 'PUT', `/products/${product.id}/images/order/`, {
      as: staff,
      payload: { image_ids: [current[1].id] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.images.map((i: AdminProductImage) => i.id)).toEqual(current.map((i) => i.id));
    const twice = await admin(t.app, 'PUT', `/products/${product.id}/images/order/`, {
      as: staff,
      payload: { image_ids: [current[0].id, current[0].id] },
    });
    expect(twice.statusCode).toBe(400);
    const other = await bareProduct();
    const elsewhere = await admin(t.app, 'DELETE', `/products/${other.id}/images/${current[0].id}/`, {
      as: staff,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  test('a deleted picture an old order still shows keeps its files', async () => {
    const product = await bareProduct();
    const [picture] = await addOk(product.id, await jpeg(40, 40));
    const buyer = await createUser(t.db);
    const order = await createOrder(t.db, {
      userId: buyer.id,
      totalPaisa: 18_000,
      lines: [{ productId: product.id, quantity: 1, unitPaisa: 18_000 }],
    });
    await t.db.update(orderLines).set({ image: picture.thumbnail }).where(eq(orderLines.orderId, order.id));
    const deleted = await admin(t.app, 'DELETE', `/products/${product.id}/images/${picture.id}/`, {
      as: staff,
    });
    expect(deleted.statusCode).toBe(200);
    expect(existsSync(mediaFile(picture.thumbnail))).toBe(true);
  });
});
