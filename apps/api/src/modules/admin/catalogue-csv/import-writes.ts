import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client';
import type { RowPlan } from './import-plan';

// An import's writes, set-based (decision 065): one statement per batch of rows for each table,
// every column as one array parameter read with unnest() (as the scale seed does), never a
// statement per row. The products' search columns are derived per batch by the database's own
// products_search_columns() (the function the row trigger uses), with each distinct word of the
// batch added to the search word lists once.

/** The reason of every stock movement and audit entry an import writes. */
export const IMPORT_REASON = 'Catalogue import (CSV)';
/** Rows per statement: each stays far inside PostgreSQL's statement timeout (15 s) on a busy machine. */
export const IMPORT_BATCH = 1_000;

export function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IMPORT_BATCH) out.push(items.slice(i, i + IMPORT_BATCH));
  return out;
}

/** One array parameter: a batch is a statement with a handful of parameters. */
function column<T, V>(rows: T[], pick: (row: T) => V) {
  return sql.param(rows.map(pick));
}

/**
 * Runs `write` with the products' search trigger leaving the search columns to the statements
 * (which set them with products_search_columns()); the setting is the transaction's only.
 */
export async function withDerivedSearch<T>(tx: DbOrTx, write: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('pasal.search_derived', 'on', true)`);
  const result = await write();
  await tx.execute(sql`select set_config('pasal.search_derived', 'off', true)`);
  return result;
}

/** The products' search columns, from the batch `v` (title, nepali_title, description, brand, category_id). */
const SEARCH_COLUMNS = sql`cross join lateral products_search_columns(v.title, v.nepali_title, v.description,
  v.brand, v.category_id) as s`;

/** Adds the batch's words to search_terms and search_vocabulary (what the trigger does for one row). */
const ADD_WORDS = sql`words as materialized (
  select search_words_add(
    (select array_agg(search_terms_text) from derived),
    (select array_agg(w) from derived
      cross join lateral unnest(search_words || search_loose_words || search_title_words) as w)) as done
)`;

export async function insertProducts(tx: DbOrTx, rows: RowPlan[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of batches(rows)) {
    const p = (pick: (row: RowPlan['after']) => unknown) => column(batch, (row) => pick(row.after));
    const inserted = await queryRows<{ id: number; slug: string }>(
      tx,
      sql`with derived as materialized (
            select v.*, s.* from (
              select u.*, ''::text as description from unnest(${p((a) => a.slug)}::text[],
                ${p((a) => a.title)}::text[], ${p((a) => a.nepaliTitle)}::text[], ${p((a) => a.categoryId)}::int[],
                ${p((a) => a.brand)}::text[], ${p((a) => a.unit)}::text[], ${p((a) => a.markedPrice)}::int[],
                ${p((a) => a.sellingPrice)}::int[], ${p((a) => a.stock)}::int[],
                ${p((a) => a.lowStockThreshold)}::int[])
                as u(slug, title, nepali_title, category_id, brand, unit, marked, selling, stock, threshold)
            ) as v
            ${SEARCH_COLUMNS}
          ), ${ADD_WORDS}
          insert into products (slug, title, nepali_title, category_id, brand, unit, marked_price_paisa,
            selling_price_paisa, stock, low_stock_threshold, search_text, search_title, search_loose,
            search_words, search_loose_words, search_title_words)
          select slug, title, nepali_title, category_id, brand, unit, marked, selling, stock, threshold,
            search_text, search_title, search_loose, search_words, search_loose_words, search_title_words
          from derived cross join words
          returning id, slug`,
    );
    for (const row of inserted) ids.set(row.slug, Number(row.id));
  }
  return ids;
}

/** The columns the search reads: only rows whose text changed have their search columns derived again. */
const SEARCHED = new Set(['title', 'nepali_title', 'category', 'subcategory', 'brand']);

export async function updateProducts(tx: DbOrTx, rows: RowPlan[]): Promise<void> {
  for (const batch of batches(rows)) {
    const p = (pick: (row: RowPlan) => unknown) => column(batch, pick);
    await tx.execute(
      sql`update products set unit = v.unit, marked_price_paisa = v.marked, selling_price_paisa = v.selling,
            stock = v.stock, low_stock_threshold = v.threshold,
            version = products.version + (case when v.edited then 1 else 0 end),
            updated_at = case when v.edited then now() else products.updated_at end
          from unnest(${p((r) => r.existing?.id)}::int[], ${p((r) => r.after.unit)}::text[],
            ${p((r) => r.after.markedPrice)}::int[], ${p((r) => r.after.sellingPrice)}::int[],
            ${p((r) => r.after.stock)}::int[], ${p((r) => r.after.lowStockThreshold)}::int[],
            ${p((r) => r.changed.some((header) => header !== 'stock'))}::boolean[])
            as v(id, unit, marked, selling, stock, threshold, edited)
          where products.id = v.id`,
    );
    // Stock has its own ledger: a stock-only change leaves the product's version alone (above).
    const texts = batch.filter(({ changed }) => changed.some((header) => SEARCHED.has(header)));
    if (texts.length > 0) await updateTexts(tx, texts);
  }
}

async function updateTexts(tx: DbOrTx, rows: RowPlan[]): Promise<void> {
  const p = (pick: (row: RowPlan) => unknown) => column(rows, pick);
  await tx.execute(
    sql`with derived as materialized (
          select v.*, s.* from (
            select u.*, products.description from unnest(${p((r) => r.existing?.id)}::int[],
              ${p((r) => r.after.title)}::text[], ${p((r) => r.after.nepaliTitle)}::text[],
              ${p((r) => r.after.categoryId)}::int[], ${p((r) => r.after.brand)}::text[])
              as u(id, title, nepali_title, category_id, brand)
            join products on products.id = u.id
          ) as v
          ${SEARCH_COLUMNS}
        ), ${ADD_WORDS}
        update products set title = derived.title, nepali_title = derived.nepali_title,
          category_id = derived.category_id, brand = derived.brand, search_text = derived.search_text,
          search_title = derived.search_title, search_loose = derived.search_loose,
          search_words = derived.search_words, search_loose_words = derived.search_loose_words,
          search_title_words = derived.search_title_words
        from derived cross join words
        where products.id = derived.id`,
  );
}

export interface Movement {
  productId: number;
  kind: 'initial' | 'adjustment';
  delta: number;
  stockAfter: number;
}

export async function insertMovements(tx: DbOrTx, staffId: number, movements: Movement[]): Promise<void> {
  for (const batch of batches(movements)) {
    const p = (pick: (row: Movement) => unknown) => column(batch, pick);
    await tx.execute(
      sql`insert into stock_movements (product_id, kind, delta, stock_after, reason, staff_id)
          select product_id, kind, delta, stock_after, ${IMPORT_REASON}, ${staffId}
          from unnest(${p((m) => m.productId)}::int[], ${p((m) => m.kind)}::text[], ${p((m) => m.delta)}::int[],
            ${p((m) => m.stockAfter)}::int[]) as v(product_id, kind, delta, stock_after)`,
    );
  }
}

export interface AuditRow {
  entityId: number;
  action: 'create' | 'update';
  before: object | null;
  after: object;
}

export async function insertAudit(tx: DbOrTx, staffId: number, entries: AuditRow[]): Promise<void> {
  for (const batch of batches(entries)) {
    const p = (pick: (row: AuditRow) => unknown) => column(batch, pick);
    await tx.execute(
      sql`insert into audit_log (staff_id, entity, entity_id, action, before, after, note)
          select ${staffId}, 'product', entity_id, action, before::jsonb, after::jsonb, ${IMPORT_REASON}
          from unnest(${p((a) => a.entityId)}::int[], ${p((a) => a.action)}::text[],
            ${p((a) => (a.before ? JSON.stringify(a.before) : null))}::text[],
            ${p((a) => JSON.stringify(a.after))}::text[]) as v(entity_id, action, before, after)`,
    );
  }
}
