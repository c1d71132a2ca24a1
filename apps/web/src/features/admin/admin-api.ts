import type { AxiosRequestConfig } from 'axios';
import { apiClient } from '../../lib/api-client';

/** The shop console's API (staff only; docs/decisions/014). */
export const ADMIN_ROOT = '/api/admin';

/** Query values the console sends; empty, null and undefined values are left out. */
export type AdminQuery = Record<string, string | number | boolean | null | undefined>;

function cleanQuery(query: AdminQuery | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/** GET a console resource: `adminGet<AdminCustomerPage>('/customers/', { q: 'sita', page: 2 })`. */
export async function adminGet<T>(path: string, query?: AdminQuery, signal?: AbortSignal): Promise<T> {
  const res = await apiClient.get<T>(path, { baseURL: ADMIN_ROOT, params: cleanQuery(query), signal });
  return res.data;
}

/** A change (POST, PATCH, PUT, DELETE): `adminSend('patch', '/products/3/', { version, title })`. */
export async function adminSend<T>(
  method: 'post' | 'patch' | 'put' | 'delete',
  path: string,
  body?: unknown,
  options: { query?: AdminQuery; config?: AxiosRequestConfig } = {},
): Promise<T> {
  const res = await apiClient.request<T>({
    ...options.config,
    method,
    url: path,
    baseURL: ADMIN_ROOT,
    data: body,
    params: cleanQuery(options.query),
  });
  return res.data;
}
