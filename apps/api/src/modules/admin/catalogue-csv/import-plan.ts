import { createHash } from 'node:crypto';
import { type ImportProblem, MAX_IMPORT_ROWS, NOT_UTF8 } from '@pasal/contract/admin-catalogue-csv';
import { SELLING_ABOVE_MARKED } from '@pasal/contract/admin-products';
import { NUL_CHARACTER } from '@pasal/contract/auth';
import { CsvError, parse } from 'csv-parse/sync';
import type { DbOrTx } from '../../../db/client';
import { LOW_STOCK_THRESHOLD_DEFAULT } from '../../../db/schema/catalogue';
import { cellText } from '../../../lib/csv-cell';
import { BadRequestError } from '../../../lib/errors';
import {
  CATALOGUE_COLUMNS,
  type CatalogueColumn,
  type CategoryNames,
  type ProductDraft,
  type ProductState,
} from './catalogue-columns';
import {
  type CategoryRow,
  categoryNames,
  loadCategories,
  productsBySlug,
  type StoredProduct,
} from './catalogue-rows';

// Reading an import file into what it would change, with every row's problem: the preview shows
// this plan and the apply re-makes it (under the products' row locks) before writing it.

export const EMPTY_FILE = 'The file is empty: it needs a header line and a line per product.';
export const TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS} products; split it into smaller files.`;
export const UNREADABLE_CSV = (line: number) =>
  `The file is not readable as CSV near line ${line} (a quote that is never closed?).`;

export interface RowPlan {
  line: number;
  existing: StoredProduct | undefined;
  after: ProductState;
  /** The CSV columns whose cell changes. */
  changed: string[];
}

export interface ImportPlan {
  rows: number;
  problems: ImportProblem[];
  creates: RowPlan[];
  updates: RowPlan[];
  unchanged: number;
  /** The file and the catalogue it was planned against, hashed: the apply must find the same. */
  version: string;
  names: CategoryNames;
}

interface ParsedRow {
  line: number;
  draft: ProductDraft;
  bad: boolean;
}

/** The file as text: UTF-8 only (with or without the byte order mark), or a 400 saying how to save it. */
export function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new BadRequestError(NOT_UTF8);
  }
}

function readRecords(text: string): { record: string[]; line: number }[] {
  try {
    const records = parse(text, {
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    if (error instanceof CsvError) {
      throw new BadRequestError(UNREADABLE_CSV((error as CsvError & { lines?: number }).lines ?? 1));
    }
    throw error;
  }
}

/** The header's columns (by position), or the problems that stop the file being read further. */
function readHeader(header: string[]): {
  columns: (CatalogueColumn | undefined)[];
  problems: ImportProblem[];
} {
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  const columns = header.map((name) => {
    const key = name.trim().toLowerCase();
    const column = CATALOGUE_COLUMNS.find((c) => c.header === key);
    if (!column) problems.push({ line: 1, column: name, message: `Unknown column “${name}”` });
    else if (seen.has(key))
      problems.push({ line: 1, column: key, message: `The column “${key}” is there twice` });
    seen.add(key);
    return column;
  });
  for (const column of CATALOGUE_COLUMNS) {
    if (column.required && !seen.has(column.header))
      problems.push({ line: 1, column: column.header, message: `The column “${column.header}” is missing` });
  }
  return { columns, problems };
}

function readRows(
  records: { record: string[]; line: number }[],
  columns: (CatalogueColumn | undefined)[],
  problems: ImportProblem[],
): ParsedRow[] {
  const rows: ParsedRow[] = [];
  const firstLine = new Map<string, number>();
  for (const { record, line } of records) {
    const row: ParsedRow = { line, draft: {}, bad: false };
    rows.push(row);
    const problem = (column: string | null, message: string) => {
      problems.push({ line, column, message });
      row.bad = true;
    };
    if (record.length !== columns.length) {
      problem(null, `The line has ${record.length} fields; the header has ${columns.length}`);
      continue;
    }
    columns.forEach((column, index) => {
      // A cell the export defused (a leading ' before =, +, - or @) reads as the text it was.
      const value = cellText(record[index].trim());
      // The database refuses NUL in text: found here, it is the row's problem in the preview too.
      const message = value.includes('\u0000') ? NUL_CHARACTER : column?.read?.(value, row.draft);
      if (message && column) problem(column.header, message);
    });
    const slug = row.draft.slug;
    if (slug === undefined) continue;
    const first = firstLine.get(slug);
    if (first === undefined) firstLine.set(slug, line);
    else problem('slug', `The slug “${slug}” is also on line ${first}`);
  }
  return rows;
}

function resolveCategory(draft: ProductDraft, bySlug: Map<string, CategoryRow>): number | string {
  const top = bySlug.get(draft.category ?? '');
  if (!draft.subcategory) return top ? top.id : `Unknown category “${draft.category}”`;
  const sub = bySlug.get(draft.subcategory);
  if (!top) return `Unknown category “${draft.category}”`;
  if (!sub || sub.parentId !== top.id)
    return `Unknown subcategory “${draft.subcategory}” in the category “${draft.category}”`;
  return sub.id;
}

function merged(draft: ProductDraft, categoryId: number, existing: StoredProduct | undefined): ProductState {
  const base: ProductState = existing ?? {
    slug: draft.slug ?? '',
    title: '',
    nepaliTitle: '',
    categoryId,
    brand: '',
    unit: '',
    markedPrice: 0,
    sellingPrice: 0,
    stock: 0,
    lowStockThreshold: LOW_STOCK_THRESHOLD_DEFAULT,
    sizeGroupId: null,
  };
  const { category: _category, subcategory: _subcategory, ...fields } = draft;
  return {
    slug: base.slug,
    title: base.title,
    nepaliTitle: base.nepaliTitle,
    categoryId,
    brand: base.brand,
    unit: base.unit,
    markedPrice: base.markedPrice,
    sellingPrice: base.sellingPrice,
    stock: base.stock,
    lowStockThreshold: base.lowStockThreshold,
    sizeGroupId: base.sizeGroupId,
    ...fields,
  };
}

function versionOf(bytes: Buffer, existing: StoredProduct[], categoryRows: CategoryRow[]): string {
  return createHash('sha256')
    .update(bytes)
    .update(JSON.stringify(existing))
    .update(JSON.stringify(categoryRows))
    .digest('hex');
}

/**
 * What the file would do to the catalogue. `lock`: the products it names are locked for the rest
 * of the transaction (the apply). Problems of the whole file (not UTF-8, not CSV) are a 400; a
 * row's problems are listed with its line, in line order.
 */
export async function planImport(db: DbOrTx, bytes: Buffer, lock: boolean): Promise<ImportPlan> {
  const records = readRecords(decodeCsv(bytes));
  if (records.length === 0) throw new BadRequestError(EMPTY_FILE);
  if (records.length - 1 > MAX_IMPORT_ROWS) throw new BadRequestError(TOO_MANY_ROWS);
  const [header, ...data] = records;
  const { columns, problems } = readHeader(header.record);
  const categoryRows = await loadCategories(db);
  const names = categoryNames(categoryRows);
  const plan: ImportPlan = {
    rows: data.length,
    problems,
    creates: [],
    updates: [],
    unchanged: 0,
    version: '',
    names,
  };
  if (problems.length > 0) {
    plan.version = versionOf(bytes, [], categoryRows);
    return plan;
  }
  const rows = readRows(data, columns, problems);
  const slugs = rows.flatMap((row) => (row.draft.slug === undefined ? [] : [row.draft.slug]));
  const existing = await productsBySlug(db, [...new Set(slugs)], lock);
  const bySlug = new Map(existing.map((product) => [product.slug, product]));
  const categoriesBySlug = new Map(categoryRows.map((row) => [row.slug, row]));
  const importable = CATALOGUE_COLUMNS.filter((column) => column.read);
  for (const row of rows) {
    if (row.bad) continue;
    const category = resolveCategory(row.draft, categoriesBySlug);
    if (typeof category === 'string') {
      problems.push({
        line: row.line,
        column: row.draft.subcategory ? 'subcategory' : 'category',
        message: category,
      });
      continue;
    }
    const before = bySlug.get(row.draft.slug ?? '');
    const after = merged(row.draft, category, before);
    if (after.sellingPrice > after.markedPrice) {
      problems.push({ line: row.line, column: 'selling_price', message: SELLING_ABOVE_MARKED });
      continue;
    }
    const changed = importable
      .filter((column) => !before || column.cell(before, names) !== column.cell(after, names))
      .map((column) => column.header);
    if (!before) plan.creates.push({ line: row.line, existing: undefined, after, changed });
    else if (changed.length > 0) plan.updates.push({ line: row.line, existing: before, after, changed });
    else plan.unchanged += 1;
  }
  problems.sort((a, b) => a.line - b.line);
  plan.version = versionOf(bytes, existing, categoryRows);
  return plan;
}
