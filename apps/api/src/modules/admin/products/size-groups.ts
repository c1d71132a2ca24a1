import { asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { productSizeGroups, products } from '../../../db/schema/catalogue';
import { FieldError } from '../../../lib/errors';
import { recordAudit } from '../audit/audit-log';
import { PRODUCT_NOT_FOUND } from './product-view';

// Size groups (docs/decisions/052): a product joins another's group as one of its sizes, or
// leaves its own. Only the product edited gets a new version; the other products a change moves
// (the one a group is made for, the last one a group leaves behind) get an audit entry of their own.

export const SIZE_OF_ITSELF = 'A product cannot be a size of itself';

/**
 * Locks the edited product and the one it becomes a size of, in id order, so two staff grouping
 * the same pair from either end wait for each other instead of deadlocking.
 */
export async function lockSizePair(tx: DbOrTx, productId: number, sizesOf: number | null | undefined) {
  if (typeof sizesOf !== 'number' || sizesOf === productId) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [productId, sizesOf]))
    .orderBy(asc(products.id))
    .for('update');
}

/**
 * The size group a product joins as a size of `sizesOf`: that product's group, made for it when it
 * has none; null leaves every group.
 */
export async function sizeGroupOf(
  tx: DbOrTx,
  staffId: number,
  productId: number,
  sizesOf: number | null,
): Promise<number | null> {
  if (sizesOf === null) return null;
  if (sizesOf === productId) throw new FieldError('sizes_of', SIZE_OF_ITSELF);
  const [other] = await tx
    .select({ id: products.id, sizeGroupId: products.sizeGroupId })
    .from(products)
    .where(eq(products.id, sizesOf))
    .for('update');
  if (!other) throw new FieldError('sizes_of', PRODUCT_NOT_FOUND);
  if (other.sizeGroupId !== null) return other.sizeGroupId;
  const [group] = await tx.insert(productSizeGroups).values({}).returning({ id: productSizeGroups.id });
  await tx.update(products).set({ sizeGroupId: group.id }).where(eq(products.id, other.id));
  await recordAudit(tx, {
    staffId,
    entity: 'product',
    entityId: other.id,
    action: 'update',
    before: { size_group_id: null },
    after: { size_group_id: group.id },
    note: `Product ${productId} was made a size of this one`,
  });
  return group.id;
}

/** A group left with one product is no group: it is deleted, which frees that product (on delete set null). */
export async function dropIfAlone(
  tx: DbOrTx,
  staffId: number,
  groupId: number,
  leftBy: number,
): Promise<void> {
  const [{ members }] = await tx
    .select({ members: count() })
    .from(products)
    .where(eq(products.sizeGroupId, groupId));
  if (Number(members) >= 2) return;
  const [last] = await tx.select({ id: products.id }).from(products).where(eq(products.sizeGroupId, groupId));
  await tx.delete(productSizeGroups).where(eq(productSizeGroups.id, groupId));
  if (!last) return;
  await recordAudit(tx, {
    staffId,
    entity: 'product',
    entityId: last.id,
    action: 'update',
    before: { size_group_id: groupId },
    after: { size_group_id: null },
    note: `Its last other size, product ${leftBy}, left the group`,
  });
}
