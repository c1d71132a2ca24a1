import { type AdminProductImage, MAX_PRODUCT_IMAGES } from '@pasal/contract/admin-products';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { productImages, products } from '../../../db/schema/catalogue';
import { orderLines } from '../../../db/schema/orders';
import { FieldError, NotFoundError } from '../../../lib/errors';
import { IMAGE_SIZES, removeMedia, storeWebpImages } from '../../../lib/images';
import { recordAudit } from '../audit/audit-log';
import { staleEdit } from '../stale-edit';
import { lockProduct } from './product-service';
import { loadImages, PRODUCT_NOT_FOUND } from './product-view';

// A product's pictures: each upload becomes an 800×800 WebP and a 300×300 thumbnail.

export const TOO_MANY_IMAGES = `A product has at most ${MAX_PRODUCT_IMAGES} pictures; delete one first`;
export const IMAGE_NOT_FOUND = 'Image not found.';

async function productExists(db: DbOrTx, productId: number): Promise<void> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
}

function auditImages(images: AdminProductImage[]) {
  return { images };
}

/** Checks and stores the upload, then adds it after the others (the first picture is the primary). */
export async function addProductImage(
  db: Db,
  mediaDir: string,
  staffId: number,
  productId: number,
  bytes: Buffer,
): Promise<AdminProductImage[]> {
  await productExists(db, productId);
  const [image, thumbnail] = await storeWebpImages(mediaDir, 'products', `p${productId}`, bytes, [
    { size: IMAGE_SIZES.product, suffix: '' },
    { size: IMAGE_SIZES.productThumb, suffix: '-thumb' },
  ]);
  try {
    return await db.transaction(async (tx) => {
      await lockProduct(tx, productId);
      const before = await loadImages(tx, productId);
      if (before.length >= MAX_PRODUCT_IMAGES) throw new FieldError('image', TOO_MANY_IMAGES);
      await tx.insert(productImages).values({
        productId,
        image,
        thumbnail,
        position: Math.max(-1, ...before.map((i) => i.position)) + 1,
        isPrimary: !before.some((i) => i.is_primary),
      });
      const after = await loadImages(tx, productId);
      await recordAudit(tx, {
        staffId,
        entity: 'product',
        entityId: productId,
        action: 'image_add',
        before: auditImages(before),
        after: auditImages(after),
      });
      return after;
    });
  } catch (error) {
    await removeMedia(mediaDir, [image, thumbnail]);
    throw error;
  }
}

/**
 * Deletes a picture (the next one becomes primary when it was). Its files go too, unless an order
 * line still shows them.
 */
export async function deleteProductImage(
  db: Db,
  mediaDir: string,
  staffId: number,
  productId: number,
  imageId: number,
): Promise<AdminProductImage[]> {
  const { after, unused } = await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const before = await loadImages(tx, productId);
    const target = before.find((i) => i.id === imageId);
    if (!target) throw new NotFoundError(IMAGE_NOT_FOUND);
    await tx.delete(productImages).where(eq(productImages.id, imageId));
    const rest = before.filter((i) => i.id !== imageId);
    if (target.is_primary && rest.length > 0) {
      await tx.update(productImages).set({ isPrimary: true }).where(eq(productImages.id, rest[0].id));
    }
    const files = [target.image, target.thumbnail];
    const [shown] = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(inArray(orderLines.image, files))
      .limit(1);
    const after = await loadImages(tx, productId);
    await recordAudit(tx, {
      staffId,
      entity: 'product',
      entityId: productId,
      action: 'image_delete',
      before: auditImages(before),
      after: auditImages(after),
    });
    return { after, unused: shown ? [] : files };
  });
  await removeMedia(mediaDir, unused);
  return after;
}

/**
 * Puts the pictures in the order given, which must name every picture of the product: a list made
 * from an older view (someone added or deleted one since) is a 409 with the pictures as they are.
 */
export async function reorderProductImages(
  db: Db,
  staffId: number,
  productId: number,
  imageIds: number[],
): Promise<AdminProductImage[]> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const before = await loadImages(tx, productId);
    const current = new Set(before.map((i) => i.id));
    if (imageIds.length !== current.size || imageIds.some((id) => !current.has(id))) {
      throw staleEdit({ images: before });
    }
    if (imageIds.every((id, index) => before[index].id === id)) return before;
    await tx
      .update(productImages)
      .set({
        position: sql`case ${sql.join(
          imageIds.map((id, index) => sql`when ${productImages.id} = ${id} then ${index}::integer`),
          sql` `,
        )} end`,
      })
      .where(eq(productImages.productId, productId));
    const after = await loadImages(tx, productId);
    await recordAudit(tx, {
      staffId,
      entity: 'product',
      entityId: productId,
      action: 'image_reorder',
      before: auditImages(before),
      after: auditImages(after),
    });
    return after;
  });
}

/** Makes one picture the primary (the one cards and search show). */
export async function setPrimaryImage(
  db: Db,
  staffId: number,
  productId: number,
  imageId: number,
): Promise<AdminProductImage[]> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const before = await loadImages(tx, productId);
    const target = before.find((i) => i.id === imageId);
    if (!target) throw new NotFoundError(IMAGE_NOT_FOUND);
    if (target.is_primary && before.filter((i) => i.is_primary).length === 1) return before;
    await tx
      .update(productImages)
      .set({ isPrimary: sql`${productImages.id} = ${imageId}` })
      .where(and(eq(productImages.productId, productId)));
    const after = await loadImages(tx, productId);
    await recordAudit(tx, {
      staffId,
      entity: 'product',
      entityId: productId,
      action: 'image_primary',
      before: auditImages(before),
      after: auditImages(after),
    });
    return after;
  });
}
