import type { BackInStockChannel, BackInStockEntry, BackInStockList } from '@pasal/contract/back-in-stock';
import { apiClient } from '../../lib/api-client';

// "Notify me" requests (issue 24): the shopper's own, open ones.

export type { BackInStockChannel, BackInStockEntry };

/** GET /list/back-in-stock/: the open requests, newest first. */
export async function fetchBackInStock(signal?: AbortSignal): Promise<BackInStockEntry[]> {
  const res = await apiClient.get<Partial<BackInStockList>>('/list/back-in-stock/', { signal });
  return Array.isArray(res.data?.results) ? res.data.results : [];
}

/** POST /create/back-in-stock/: the new request (201) or the one already open (200). */
export async function askBackInStock(
  product: number,
  channel: BackInStockChannel,
): Promise<BackInStockEntry> {
  const res = await apiClient.post<BackInStockEntry>('/create/back-in-stock/', { product, channel });
  if (typeof res.data?.id !== 'number') throw new Error('Unexpected answer');
  return res.data;
}

/** DELETE /update/back-in-stock/{id}/. */
export async function removeBackInStock(id: number): Promise<void> {
  await apiClient.delete(`/update/back-in-stock/${id}/`);
}
