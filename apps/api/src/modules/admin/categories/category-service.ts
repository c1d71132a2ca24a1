import {
  type AdminCategory,
  type AdminCategoryNode,
  type AdminCategoryTree,
  type adminCategoryCreate,
  type adminCategoryUpdate,
  CATEGORY_DEPTH_MESSAGE,
} from '@pasal/contract/admin-categories';
import { asc, count, eq, getTableColumns, isNull, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { categories, products } from '../../../db/schema/catalogue';
import { ConflictError, FieldError, NotFoundError } from '../../../lib/errors';
import { IMAGE_SIZES, removeMedia, storeWebpImages } from '../../../lib/images';
import { uniqueViolation } from '../../../lib/pg-errors';
import { recordAudit } from '../audit/audit-log';
import {
  type AuditedResource,
  auditedCreate,
  auditedDelete,
  auditedUpdate,
  lockRecord,
} from '../audited-change';
import { freeSlug, slugTaken } from '../slugs';
import { staleEdit } from '../stale-edit';

export const CATEGORY_NOT_FOUND = 'Category not found.';
export const PARENT_NOT_FOUND = 'Parent category not found.';
export const SLUG_TAKEN = 'Another category already has this slug';
export const HAS_CHILDREN_CANNOT_MOVE = 'A category with subcategories cannot become a subcategory';
export const OWN_PARENT = 'A category cannot be its own parent';
export const hasProducts = (n: number) =>
  `This category still holds ${n} product${n === 1 ? '' : 's'}; move ${n === 1 ? 'it' : 'them'} to another category first`;
export const HAS_CHILDREN = 'This category has subcategories; move or delete them first';

const slugColumns = { table: categories, id: categories.id, slug: categories.slug };

type CategoryRow = typeof categories.$inferSelect;

const productCount =
  sql<number>`(select count(*) from ${products} where ${qualified(products.categoryId)} = ${qualified(categories.id)})::int`.mapWith(
    Number,
  );

function toCategory(row: CategoryRow & { productCount: number }): AdminCategory {
  return {
    id: row.id,
    parent_id: row.parentId,
    title: row.title,
    nepali_title: row.nepaliTitle,
    slug: row.slug,
    image: row.image,
    position: row.position,
    is_featured: row.isFeatured,
    product_count: row.productCount,
    version: row.version,
  };
}

async function loadCategories(db: DbOrTx, id?: number) {
  return db
    .select({ ...getTableColumns(categories), productCount })
    .from(categories)
    .where(id === undefined ? undefined : eq(categories.id, id))
    .orderBy(asc(categories.position), asc(categories.id));
}

export async function categoryView(db: DbOrTx, categoryId: number): Promise<AdminCategory> {
  const [row] = await loadCategories(db, categoryId);
  if (!row) throw new NotFoundError(CATEGORY_NOT_FOUND);
  return toCategory(row);
}

/** Every category as the storefront nests them: top categories, each with its subcategories. */
export async function categoryTree(db: DbOrTx): Promise<AdminCategoryTree> {
  const rows = (await loadCategories(db)).map(toCategory);
  const results: AdminCategoryNode[] = rows
    .filter((c) => c.parent_id === null)
    .map((top) => ({ ...top, children: rows.filter((c) => c.parent_id === top.id) }));
  return { count: rows.length, results };
}

/** What the audit log keeps of a category. */
function auditFields(category: AdminCategory) {
  const { product_count: _count, ...fields } = category;
  return fields;
}

async function checkParent(tx: DbOrTx, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  if (parentId === selfId) throw new FieldError('parent', OWN_PARENT);
  const [parent] = await tx.select().from(categories).where(eq(categories.id, parentId));
  if (!parent) throw new FieldError('parent', PARENT_NOT_FOUND);
  if (parent.parentId !== null) throw new FieldError('parent', CATEGORY_DEPTH_MESSAGE);
  if (selfId !== undefined) {
    const [{ children }] = await tx
      .select({ children: count() })
      .from(categories)
      .where(eq(categories.parentId, selfId));
    if (Number(children) > 0) throw new FieldError('parent', HAS_CHILDREN_CANNOT_MOVE);
  }
}

async function withSlugCheck<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (uniqueViolation(error) === 'categories_slug_uq') throw new FieldError('slug', SLUG_TAKEN);
    throw error;
  }
}

async function chooseSlug(tx: DbOrTx, sent: string | undefined, title: string, excludeId?: number) {
  if (!sent) return freeSlug(tx, slugColumns, title, 'category', excludeId);
  if (await slugTaken(tx, slugColumns, sent, excludeId)) throw new FieldError('slug', SLUG_TAKEN);
  return sent;
}

async function nextPosition(tx: DbOrTx, parentId: number | null): Promise<number> {
  const [row] = await tx
    .select({ last: max(categories.position) })
    .from(categories)
    .where(parentId === null ? sql`${categories.parentId} is null` : eq(categories.parentId, parentId));
  return row.last === null ? 0 : Number(row.last) + 1;
}

const categoryResource: AuditedResource<typeof categories, AdminCategory> = {
  table: categories,
  entity: 'category',
  notFound: CATEGORY_NOT_FOUND,
  view: categoryView,
  audited: auditFields,
};

export async function createCategory(
  db: Db,
  staffId: number,
  body: z.output<typeof adminCategoryCreate>,
): Promise<AdminCategory> {
  return withSlugCheck(() =>
    auditedCreate(db, staffId, categoryResource, async (tx) => {
      const parentId = body.parent ?? null;
      await checkParent(tx, parentId);
      const [row] = await tx
        .insert(categories)
        .values({
          parentId,
          title: body.title,
          nepaliTitle: body.nepali_title ?? '',
          slug: await chooseSlug(tx, body.slug, body.title),
          position: body.position ?? (await nextPosition(tx, parentId)),
          isFeatured: body.is_featured ?? false,
        })
        .returning({ id: categories.id });
      return row.id;
    }),
  );
}

const lockCategory = (tx: DbOrTx, categoryId: number): Promise<CategoryRow> =>
  lockRecord(tx, categoryResource, categoryId);

export async function updateCategory(
  db: Db,
  staffId: number,
  categoryId: number,
  body: z.output<typeof adminCategoryUpdate>,
): Promise<AdminCategory> {
  return withSlugCheck(() =>
    auditedUpdate(db, staffId, categoryResource, categoryId, body.version, async (tx, row) => {
      const set: Partial<typeof categories.$inferInsert> = {};
      if (body.title !== undefined) set.title = body.title;
      if (body.nepali_title !== undefined) set.nepaliTitle = body.nepali_title;
      if (body.position !== undefined) set.position = body.position;
      if (body.is_featured !== undefined) set.isFeatured = body.is_featured;
      if (body.parent !== undefined && body.parent !== row.parentId) {
        await checkParent(tx, body.parent, categoryId);
        set.parentId = body.parent;
      }
      if (body.slug !== undefined)
        set.slug = await chooseSlug(tx, body.slug, body.title ?? row.title, categoryId);
      return { set };
    }),
  );
}

/** Deletes an empty category (no products, no subcategories), from the version staff read. */
export async function deleteCategory(
  db: Db,
  mediaDir: string,
  staffId: number,
  categoryId: number,
  version: number,
): Promise<void> {
  const row = await auditedDelete(db, staffId, categoryResource, categoryId, version, async (tx, before) => {
    const [{ children }] = await tx
      .select({ children: count() })
      .from(categories)
      .where(eq(categories.parentId, categoryId));
    if (Number(children) > 0) throw new ConflictError(HAS_CHILDREN);
    if (before.product_count > 0) throw new ConflictError(hasProducts(before.product_count));
  });
  await removeMedia(mediaDir, [row.image]);
}

/** Replaces the category's picture (a 300×300 WebP); the old file is removed. */
export async function replaceCategoryImage(
  db: Db,
  mediaDir: string,
  staffId: number,
  categoryId: number,
  bytes: Buffer,
): Promise<AdminCategory> {
  await categoryView(db, categoryId);
  const [image] = await storeWebpImages(mediaDir, 'categories', `c${categoryId}`, bytes, [
    { size: IMAGE_SIZES.category, suffix: '' },
  ]);
  let result: { after: AdminCategory; old: string | null };
  try {
    result = await db.transaction(async (tx) => {
      const row = await lockCategory(tx, categoryId);
      const before = await categoryView(tx, categoryId);
      await tx
        .update(categories)
        .set({ image, version: row.version + 1 })
        .where(eq(categories.id, categoryId));
      const after = await categoryView(tx, categoryId);
      await recordAudit(tx, {
        staffId,
        entity: 'category',
        entityId: categoryId,
        action: 'image_replace',
        before: auditFields(before),
        after: auditFields(after),
      });
      return { after, old: row.image };
    });
  } catch (error) {
    await removeMedia(mediaDir, [image]);
    throw error;
  }
  await removeMedia(mediaDir, [result.old]);
  return result.after;
}

/**
 * Puts the children of one parent (or the top categories) in the order given. The list must name
 * each of them once: one made from an older view is a 409 with the tree as it is now. Each category
 * that moves gets a new version and an audit entry.
 */
export async function reorderCategories(
  db: Db,
  staffId: number,
  parentId: number | null,
  categoryIds: number[],
): Promise<AdminCategoryTree> {
  return db.transaction(async (tx) => {
    if (parentId !== null) {
      const [parent] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, parentId));
      if (!parent) throw new FieldError('parent', PARENT_NOT_FOUND);
    }
    const siblings = await tx
      .select()
      .from(categories)
      .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
      .orderBy(asc(categories.id))
      .for('update');
    const byId = new Map(siblings.map((row) => [row.id, row]));
    if (categoryIds.length !== siblings.length || categoryIds.some((id) => !byId.has(id))) {
      throw staleEdit(await categoryTree(tx));
    }
    for (const [position, id] of categoryIds.entries()) {
      const row = byId.get(id)!;
      if (row.position === position) continue;
      const before = await categoryView(tx, id);
      await tx
        .update(categories)
        .set({ position, version: row.version + 1 })
        .where(eq(categories.id, id));
      await recordAudit(tx, {
        staffId,
        entity: 'category',
        entityId: id,
        action: 'reorder',
        before: auditFields(before),
        after: auditFields(await categoryView(tx, id)),
      });
    }
    return categoryTree(tx);
  });
}
