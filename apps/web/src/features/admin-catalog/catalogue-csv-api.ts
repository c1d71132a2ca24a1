import type { ImportApplied, ImportPreview } from '@pasal/contract/admin-catalogue-csv';
import type { LowStockPage, LowStockQuery } from '@pasal/contract/admin-low-stock';
import { apiClient } from '../../lib/api-client';
import { ADMIN_ROOT, type AdminQuery, adminGet, adminSend } from '../admin/admin-api';

// Bulk catalogue changes and the low-stock list (docs/back-office-catalogue.md). The CSV file
// itself is the request body, sent as text/csv whatever type the browser guessed for it.

// A file of 50,000 rows takes a while to send and to check: no time limit.
const asCsv = { headers: { 'Content-Type': 'text/csv' }, timeout: 0 };

export const previewImport = (file: Blob) =>
  adminSend<ImportPreview>('post', '/products/import/preview/', file, { config: asCsv });

export const applyImport = (file: Blob, catalogueVersion: string) =>
  adminSend<ImportApplied>('post', '/products/import/', file, {
    query: { catalogue_version: catalogueVersion },
    config: asCsv,
  });

/** The export as a file (it needs the staff member's token, so it cannot be a plain link). */
export async function downloadCatalogue(): Promise<{ blob: Blob; filename: string }> {
  const res = await apiClient.get<Blob>('/products/export/', {
    baseURL: ADMIN_ROOT,
    responseType: 'blob',
    timeout: 0,
  });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'pasal-catalogue.csv';
  return { blob: res.data, filename };
}

export const listLowStock = (query: LowStockQuery, signal?: AbortSignal) =>
  adminGet<LowStockPage>('/low-stock/', query as AdminQuery, signal);
