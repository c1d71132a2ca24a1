import { Readable } from 'node:stream';
import type { DbOrTx } from '../../../db/client';
import { csvField } from '../../../lib/csv-cell';
import { CATALOGUE_COLUMNS, CATALOGUE_HEADERS } from './catalogue-columns';
import { categoryNames, loadCategories, productBatch } from './catalogue-rows';

/** Spreadsheets (Excel above all) read a CSV as UTF-8 only when it starts with this mark. */
export const BOM = '\uFEFF';
const BATCH = 2_000;

export function csvLine(values: string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * The whole catalogue as CSV, by product id, read a batch at a time as the client takes it: a
 * large catalogue is never held in memory whole. Each batch is its own consistent read.
 */
export function exportCatalogue(db: DbOrTx): Readable {
  async function* lines() {
    const names = categoryNames(await loadCategories(db));
    yield BOM + csvLine(CATALOGUE_HEADERS);
    let after = 0;
    for (;;) {
      const batch = await productBatch(db, after, BATCH);
      if (batch.length === 0) return;
      yield batch
        .map((product) => csvLine(CATALOGUE_COLUMNS.map((column) => column.cell(product, names))))
        .join('');
      after = batch[batch.length - 1].id;
    }
  }
  return Readable.from(lines());
}
