import {
  CATALOGUE_CHANGED,
  IMPORT_LIST_LIMIT,
  type ImportApplied,
  type ImportPreview,
  importHasProblems,
} from '@pasal/contract/admin-catalogue-csv';
import type { AppConfig } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import { BadRequestError, ConflictError } from '../../../lib/errors';
import { toRupees } from '../../../lib/money';
import { uniqueViolation } from '../../../lib/pg-errors';
import { announceRestocks } from '../../back-in-stock/restock-notices';
import { CATALOGUE_COLUMNS, type ProductState } from './catalogue-columns';
import { type ImportPlan, planImport, type RowPlan } from './import-plan';
import {
  type AuditRow,
  insertAudit,
  insertMovements,
  insertProducts,
  type Movement,
  updateProducts,
  withDerivedSearch,
} from './import-writes';

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
 * (`catalogueVersion`) or has any problem. Set-based (import-writes.ts): a few statements per 1,000 rows. Stock
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
  const ids = await withDerivedSearch(tx, async () => {
    const inserted = await insertProducts(tx, plan.creates);
    await updateProducts(tx, plan.updates);
    return inserted;
  });

  const movements: Movement[] = [];
  const audit: AuditRow[] = [];
  const restocked: number[] = [];
  for (const row of plan.creates) {
    const id = ids.get(row.after.slug) as number;
    if (row.after.stock > 0)
      movements.push({ productId: id, kind: 'initial', delta: row.after.stock, stockAfter: row.after.stock });
    audit.push({ entityId: id, action: 'create', before: null, after: auditFields(row.after) });
  }
  for (const row of plan.updates) {
    const before = row.existing as NonNullable<RowPlan['existing']>;
    const delta = row.after.stock - before.stock;
    if (delta !== 0)
      movements.push({ productId: before.id, kind: 'adjustment', delta, stockAfter: row.after.stock });
    if (before.stock <= 0 && row.after.stock > 0) restocked.push(before.id);
    audit.push({
      entityId: before.id,
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
