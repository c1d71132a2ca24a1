import {
  CATALOGUE_CHANGED,
  IMPORT_LIST_LIMIT,
  type ImportApplied,
  type ImportPreview,
  importHasProblems,
} from '@pasal/contract/admin-catalogue-csv';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../../config';
import { type Db, type DbOrTx, queryRows } from '../../../db/client';
import { BadRequestError, ConflictError } from '../../../lib/errors';
import { toRupees } from '../../../lib/money';
import { uniqueViolation } from '../../../lib/pg-errors';
import { announceRestocks } from '../../back-in-stock/restock-notices';
import { CATALOGUE_COLUMNS, type ProductState } from './catalogue-columns';
import { type ImportPlan, planImport, type RowPlan } from './import-plan';

/** The reason of every stock movement and audit entry an import writes. */
export const IMPORT_REASON = 'Catalogue import (CSV)';
/** Rows per statement (one JSON parameter each): each statement stays far inside the statement timeout. */
const CHUNK = 1_000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export async function previewImport(db: Db, bytes: Buffer): Promise<ImportPreview> {
  const plan = await planImport(db, bytes, false);
  const columns = new Map(CATALOGUE_COLUMNS.map((column) => [column.header, column]));
  const changes = [...plan.creates, ...plan.updates]
    .sort((a, b) => a.line - b.line)
    .slice(0, IMPORT_LIST_LIMIT)
    .map((row) => ({
      line: row.line,
      slug: row.after.slug,
      action: row.existing ? ('update' as const) : ('create' as const),
      fields: row.changed.map((header) => {
        const column = columns.get(header);
        return {
          field: header,
          before: row.existing && column ? column.cell(row.existing, plan.names) : null,
          after: column ? column.cell(row.after, plan.names) : '',
        };
      }),
    }));
  return {
    rows: plan.rows,
    created: plan.creates.length,
    updated: plan.updates.length,
    unchanged: plan.unchanged,
    problem_count: plan.problems.length,
    problems: plan.problems.slice(0, IMPORT_LIST_LIMIT),
    changes,
    catalogue_version: plan.version,
  };
}

/** What the audit log keeps of a product an import wrote (the console's field names and units). */
function auditFields(p: ProductState) {
  return {
    slug: p.slug,
    title: p.title,
    nepali_title: p.nepaliTitle,
    category_id: p.categoryId,
    brand: p.brand,
    unit: p.unit,
    marked_price: toRupees(p.markedPrice),
    selling_price: toRupees(p.sellingPrice),
    stock: p.stock,
    low_stock_threshold: p.lowStockThreshold,
  };
}

type AuditFields = ReturnType<typeof auditFields>;

/** Only the fields that differ, before and after. */
function auditDiff(before: AuditFields, after: AuditFields) {
  const keys = (Object.keys(after) as (keyof AuditFields)[]).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

async function insertProducts(tx: DbOrTx, rows: RowPlan[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(rows)) {
    const values = chunk.map(({ after: p }) => ({
      slug: p.slug,
      title: p.title,
      nepali_title: p.nepaliTitle,
      category_id: p.categoryId,
      brand: p.brand,
      unit: p.unit,
      marked: p.markedPrice,
      selling: p.sellingPrice,
      stock: p.stock,
      threshold: p.lowStockThreshold,
    }));
    const inserted = await queryRows<{ id: number; slug: string }>(
      tx,
      sql`insert into products (slug, title, nepali_title, category_id, brand, unit, marked_price_paisa,
            selling_price_paisa, stock, low_stock_threshold)
          select slug, title, nepali_title, category_id, brand, unit, marked, selling, stock, threshold
          from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(slug text, title text,
            nepali_title text, category_id int, brand text, unit text, marked int, selling int, stock int,
            threshold int)
          returning id, slug`,
    );
    for (const row of inserted) ids.set(row.slug, Number(row.id));
  }
  return ids;
}

/** The columns the search trigger reads: writing them (even unchanged) re-derives a product's search words. */
const SEARCHED = new Set(['title', 'nepali_title', 'category', 'subcategory', 'brand']);

async function updateProducts(tx: DbOrTx, rows: RowPlan[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    const values = chunk.map(({ existing, after: p, changed }) => ({
      id: existing?.id,
      unit: p.unit,
      marked: p.markedPrice,
      selling: p.sellingPrice,
      stock: p.stock,
      threshold: p.lowStockThreshold,
      // Stock has its own ledger: a stock-only change leaves the product's version alone.
      edited: changed.some((header) => header !== 'stock'),
    }));
    await tx.execute(
      sql`update products set unit = v.unit, marked_price_paisa = v.marked, selling_price_paisa = v.selling,
            stock = v.stock, low_stock_threshold = v.threshold,
            version = products.version + (case when v.edited then 1 else 0 end),
            updated_at = case when v.edited then now() else products.updated_at end
          from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id int, unit text, marked int,
            selling int, stock int, threshold int, edited boolean)
          where products.id = v.id`,
    );
    // Only the rows whose searched text changes set those columns: the search trigger fires on
    // any row whose statement names them, and it is the costly part of a write.
    const texts = chunk
      .filter(({ changed }) => changed.some((header) => SEARCHED.has(header)))
      .map(({ existing, after: p }) => ({
        id: existing?.id,
        title: p.title,
        nepali_title: p.nepaliTitle,
        category_id: p.categoryId,
        brand: p.brand,
      }));
    if (texts.length === 0) continue;
    await tx.execute(
      sql`update products set title = v.title, nepali_title = v.nepali_title, category_id = v.category_id,
            brand = v.brand
          from jsonb_to_recordset(${JSON.stringify(texts)}::jsonb) as v(id int, title text, nepali_title text,
            category_id int, brand text)
          where products.id = v.id`,
    );
  }
}

interface Movement {
  product_id: number;
  kind: 'initial' | 'adjustment';
  delta: number;
  stock_after: number;
}

async function insertMovements(tx: DbOrTx, staffId: number, movements: Movement[]): Promise<void> {
  for (const chunk of chunks(movements)) {
    await tx.execute(
      sql`insert into stock_movements (product_id, kind, delta, stock_after, reason, staff_id)
          select product_id, kind, delta, stock_after, ${IMPORT_REASON}, ${staffId}
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(product_id int, kind text, delta int,
            stock_after int)`,
    );
  }
}

interface AuditRow {
  entity_id: number;
  action: 'create' | 'update';
  before: object | null;
  after: object;
}

async function insertAudit(tx: DbOrTx, staffId: number, entries: AuditRow[]): Promise<void> {
  for (const chunk of chunks(entries)) {
    await tx.execute(
      sql`insert into audit_log (staff_id, entity, entity_id, action, before, after, note)
          select ${staffId}, 'product', entity_id, action, before, after, ${IMPORT_REASON}
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(entity_id int, action text,
            before jsonb, after jsonb)`,
    );
  }
}

function refuseProblems(plan: ImportPlan): void {
  if (plan.problems.length === 0) return;
  throw new BadRequestError(importHasProblems(plan.problems.length), {
    problem_count: plan.problems.length,
    problems: plan.problems.slice(0, IMPORT_LIST_LIMIT),
  });
}

/**
 * Writes the whole file in one transaction, or nothing: the plan is made again under the row
 * locks of every product the file names, and refused when it differs from the preview's
 * (`catalogueVersion`) or has any problem. Set-based: a few statements per 1,000 rows. Stock
 * changes are stock movements with the import as their reason; every product written gets its
 * audit entry; products back in stock tell their "Notify me" requests.
 */
export async function applyImport(
  db: Db,
  config: AppConfig,
  staffId: number,
  bytes: Buffer,
  catalogueVersion: string,
): Promise<ImportApplied> {
  try {
    return await db.transaction((tx) => writePlan(tx, config, staffId, bytes, catalogueVersion));
  } catch (error) {
    // A product made with one of the new slugs since the preview (its insert not yet committed then).
    if (uniqueViolation(error) === 'products_slug_uq') throw new ConflictError(CATALOGUE_CHANGED);
    throw error;
  }
}

async function writePlan(
  tx: DbOrTx,
  config: AppConfig,
  staffId: number,
  bytes: Buffer,
  catalogueVersion: string,
): Promise<ImportApplied> {
  const plan = await planImport(tx, bytes, true);
  refuseProblems(plan);
  if (plan.version !== catalogueVersion) throw new ConflictError(CATALOGUE_CHANGED);
  const ids = await insertProducts(tx, plan.creates);
  await updateProducts(tx, plan.updates);

  const movements: Movement[] = [];
  const audit: AuditRow[] = [];
  const restocked: number[] = [];
  for (const row of plan.creates) {
    const id = ids.get(row.after.slug) as number;
    if (row.after.stock > 0)
      movements.push({
        product_id: id,
        kind: 'initial',
        delta: row.after.stock,
        stock_after: row.after.stock,
      });
    audit.push({ entity_id: id, action: 'create', before: null, after: auditFields(row.after) });
  }
  for (const row of plan.updates) {
    const before = row.existing as NonNullable<RowPlan['existing']>;
    const delta = row.after.stock - before.stock;
    if (delta !== 0)
      movements.push({ product_id: before.id, kind: 'adjustment', delta, stock_after: row.after.stock });
    if (before.stock <= 0 && row.after.stock > 0) restocked.push(before.id);
    audit.push({
      entity_id: before.id,
      action: 'update',
      ...auditDiff(auditFields(before), auditFields(row.after)),
    });
  }
  await insertMovements(tx, staffId, movements);
  await insertAudit(tx, staffId, audit);
  await announceRestocks(tx, config, restocked);
  return {
    created: plan.creates.length,
    updated: plan.updates.length,
    unchanged: plan.unchanged,
    stock_movements: movements.length,
  };
}
