import type {
  AdminProduct,
  AdminProductPage,
  adminProductCreate,
  adminProductListQuery,
  adminProductUpdate,
} from '@pasal/contract/admin-products';
import { SELLING_ABOVE_MARKED } from '@pasal/contract/admin-products';
import { type AnyColumn, and, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import { categories, products, stockMovements } from '../../../db/schema/catalogue';
import { FieldError, NotFoundError } from '../../../lib/errors';
import { toPaisa } from '../../../lib/money';
import { uniqueViolation } from '../../../lib/pg-errors';
import { announceRestocks } from '../../back-in-stock/restock-notices';
import { everyWord, idOf, pageAnswer, pageWindow, sortBy } from '../admin-list';
import { recordAudit } from '../audit/audit-log';
import { freeSlug, slugTaken } from '../slugs';
import { checkVersion } from '../stale-edit';
import {
  PRODUCT_NOT_FOUND,
  productAuditFields,
  productListColumns,
  productView,
  stockStateIs,
  toListItem,
} from './product-view';
import { dropIfAlone, lockSizePair, sizeGroupOf } from './size-groups';

export const SLUG_TAKEN = 'Another product already has this slug';
export const CATEGORY_NOT_FOUND = 'Category not found.';

const slugColumns = { table: products, id: products.id, slug: products.slug };

type ListQuery = z.output<typeof adminProductListQuery>;

const sortColumns = {
  title: products.title,
  created_at: products.createdAt,
  updated_at: products.updatedAt,
  selling_price: products.sellingPrice,
  stock: products.stock,
  id: products.id,
} as const;

function flag(column: AnyColumn, value: boolean | undefined): SQL | undefined {
  return value === undefined ? undefined : eq(column, value);
}

export async function listProducts(db: DbOrTx, query: ListQuery): Promise<AdminProductPage> {
  const id = idOf(query.q);
  const words = everyWord(query.q, [products.title, products.nepaliTitle, products.slug]);
  const where = and(
    query.category === undefined
      ? undefined
      : inArray(
          products.categoryId,
          db
            .select({ id: categories.id })
            .from(categories)
            .where(or(eq(categories.id, query.category), eq(categories.parentId, query.category))),
        ),
    flag(products.isActive, query.active),
    query.stock_state ? stockStateIs(query.stock_state) : undefined,
    flag(products.isOrganic, query.organic),
    flag(products.isTodaySpecial, query.today_special),
    flag(products.isNewArrival, query.new_arrival),
    id === undefined ? words : or(eq(products.id, id), words),
  );
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select(productListColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...sortBy(sortColumns[query.sort], query.order, products.id))
    .limit(limit)
    .offset(offset);
  return pageAnswer(query, Number(total), rows.map(toListItem));
}

async function checkCategory(db: DbOrTx, categoryId: number): Promise<void> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw new FieldError('category', CATEGORY_NOT_FOUND);
}

/** Runs a change; a slug another request took meanwhile is the same field error as one taken before. */
async function withSlugCheck<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (uniqueViolation(error) === 'products_slug_uq') throw new FieldError('slug', SLUG_TAKEN);
    throw error;
  }
}

async function chooseSlug(
  tx: DbOrTx,
  sent: string | undefined,
  title: string,
  excludeId?: number,
): Promise<string> {
  if (!sent) return freeSlug(tx, slugColumns, title, 'product', excludeId);
  if (await slugTaken(tx, slugColumns, sent, excludeId)) throw new FieldError('slug', SLUG_TAKEN);
  return sent;
}

export async function createProduct(
  db: Db,
  staffId: number,
  body: z.output<typeof adminProductCreate>,
): Promise<AdminProduct> {
  return withSlugCheck(() =>
    db.transaction(async (tx) => {
      await checkCategory(tx, body.category);
      const slug = await chooseSlug(tx, body.slug, body.title);
      const stock = body.stock ?? 0;
      const [row] = await tx
        .insert(products)
        .values({
          slug,
          title: body.title,
          nepaliTitle: body.nepali_title ?? '',
          brand: body.brand ?? '',
          unit: body.unit ?? '',
          description: body.description ?? '',
          shortDescription: body.short_description ?? '',
          categoryId: body.category,
          markedPrice: toPaisa(body.marked_price),
          sellingPrice: toPaisa(body.selling_price),
          stock,
          lowStockThreshold: body.low_stock_threshold,
          taxClass: body.tax_class ?? 'vat13',
          isOrganic: body.is_organic ?? false,
          isTodaySpecial: body.is_today_special ?? false,
          isNewArrival: body.is_new_arrival ?? false,
          isActive: body.is_active ?? true,
        })
        .returning({ id: products.id });
      if (stock > 0) {
        await tx.insert(stockMovements).values({
          productId: row.id,
          kind: 'initial',
          delta: stock,
          stockAfter: stock,
          reason: 'Initial stock',
          staffId,
        });
      }
      const view = await productView(tx, row.id);
      await recordAudit(tx, {
        staffId,
        entity: 'product',
        entityId: row.id,
        action: 'create',
        before: null,
        after: productAuditFields(view),
      });
      return view;
    }),
  );
}

type ProductUpdate = z.output<typeof adminProductUpdate>;

/** The columns an edit sets, from the fields it sent. */
function changedColumns(body: ProductUpdate): Partial<typeof products.$inferInsert> {
  const set: Partial<typeof products.$inferInsert> = {};
  if (body.title !== undefined) set.title = body.title;
  if (body.nepali_title !== undefined) set.nepaliTitle = body.nepali_title;
  if (body.brand !== undefined) set.brand = body.brand;
  if (body.unit !== undefined) set.unit = body.unit;
  if (body.description !== undefined) set.description = body.description;
  if (body.short_description !== undefined) set.shortDescription = body.short_description;
  if (body.category !== undefined) set.categoryId = body.category;
  if (body.marked_price !== undefined) set.markedPrice = toPaisa(body.marked_price);
  if (body.selling_price !== undefined) set.sellingPrice = toPaisa(body.selling_price);
  if (body.low_stock_threshold !== undefined) set.lowStockThreshold = body.low_stock_threshold;
  if (body.tax_class !== undefined) set.taxClass = body.tax_class;
  if (body.is_organic !== undefined) set.isOrganic = body.is_organic;
  if (body.is_today_special !== undefined) set.isTodaySpecial = body.is_today_special;
  if (body.is_new_arrival !== undefined) set.isNewArrival = body.is_new_arrival;
  if (body.is_active !== undefined) set.isActive = body.is_active;
  return set;
}

/** Locks the product's row for the rest of the transaction; 404 when there is none. */
export async function lockProduct(tx: DbOrTx, productId: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return row;
}

/**
 * An edit made from the version staff read: a stale version is a 409 with the product as it is
 * now. Fields left out keep their values; an edit that changes nothing writes nothing.
 */
export async function updateProduct(
  db: Db,
  config: AppConfig,
  staffId: number,
  productId: number,
  body: ProductUpdate,
): Promise<AdminProduct> {
  return withSlugCheck(() =>
    db.transaction(async (tx) => {
      await lockSizePair(tx, productId, body.sizes_of);
      const row = await lockProduct(tx, productId);
      await checkVersion(body.version, row, () => productView(tx, productId));
      const set = changedColumns(body);
      if (body.slug !== undefined) {
        set.slug = await chooseSlug(tx, body.slug, body.title ?? row.title, productId);
      }
      if (set.categoryId !== undefined && set.categoryId !== row.categoryId) {
        await checkCategory(tx, set.categoryId);
      }
      const marked = set.markedPrice ?? row.markedPrice;
      const selling = set.sellingPrice ?? row.sellingPrice;
      if (selling > marked) {
        throw new FieldError(
          body.selling_price === undefined ? 'marked_price' : 'selling_price',
          SELLING_ABOVE_MARKED,
        );
      }
      if (body.sizes_of !== undefined)
        set.sizeGroupId = await sizeGroupOf(tx, staffId, productId, body.sizes_of);
      const changed = Object.entries(set).filter(([key, value]) => row[key as keyof typeof row] !== value);
      const before = await productView(tx, productId);
      if (changed.length === 0) return before;
      await tx
        .update(products)
        .set({ ...Object.fromEntries(changed), version: row.version + 1, updatedAt: new Date() })
        .where(eq(products.id, productId));
      if (row.sizeGroupId !== null && set.sizeGroupId !== undefined)
        await dropIfAlone(tx, staffId, row.sizeGroupId, productId);
      const after = await productView(tx, productId);
      await recordAudit(tx, {
        staffId,
        entity: 'product',
        entityId: productId,
        action: 'update',
        before: productAuditFields(before),
        after: productAuditFields(after),
      });
      // On sale again with stock: its "Notify me" requests (left open while it was hidden) are told.
      if (set.isActive === true && !row.isActive) await announceRestocks(tx, config, [productId]);
      return after;
    }),
  );
}
