import type {
  Banner,
  Category,
  CategoryProducts,
  FlashSale,
  HomeData,
  Product,
  ProductDetail,
} from '@pasal/contract/catalogue';
import { catalogueGet } from '../../lib/catalogue-get';

type Opts = { signal?: AbortSignal };

/** "An array or data.results" (shopping.md §7). */
export function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as T[]) : [];
}

export async function fetchFeaturedCategories(opts: Opts = {}): Promise<Category[]> {
  const res = await catalogueGet<{ data: { results: Category[] } }>('/category/featured', opts);
  return res.data?.data?.results ?? [];
}

export async function fetchHomeData(opts: Opts = {}): Promise<HomeData['data']> {
  const res = await catalogueGet<HomeData>('/home/data/', opts);
  return res.data.data;
}

export async function fetchBanners(opts: Opts = {}): Promise<Banner[]> {
  const res = await catalogueGet<{ data: { results: Banner[] } }>('/banner/', opts);
  return res.data?.data?.results ?? [];
}

export async function fetchTodaySpecial(opts: Opts = {}): Promise<Product[]> {
  return listOf<Product>((await catalogueGet('/today/special/', opts)).data);
}

export async function fetchForYou(opts: Opts = {}): Promise<Product[]> {
  return listOf<Product>((await catalogueGet('/list/for/you/', opts)).data);
}

export async function fetchCategoryProducts(id: string, opts: Opts = {}): Promise<CategoryProducts> {
  const res = await catalogueGet<CategoryProducts>(`/category/product/${encodeURIComponent(id)}`, opts);
  return { category: res.data.category, results: listOf<Product>(res.data) };
}

export async function searchProducts(
  q: string | undefined,
  limit?: number,
  opts: Opts = {},
): Promise<Product[]> {
  const params: Record<string, string | number> = {};
  if (q) params.q = q;
  if (limit) params.limit = limit;
  return listOf<Product>((await catalogueGet('/products', { ...opts, params })).data);
}

export class InvalidFormatError extends Error {}

/** The flash-sale list, accepted only with the "Request succeeded" message (accounts-orders.md §7). */
export async function fetchFlashSales(opts: Opts = {}): Promise<FlashSale[]> {
  const res = await catalogueGet('/flash-sale/', opts);
  const body = res.data as { message?: string; results?: { flash_sales?: unknown } };
  if (body?.message !== 'Request succeeded' || !Array.isArray(body.results?.flash_sales)) {
    throw new InvalidFormatError('Invalid response format');
  }
  return body.results.flash_sales as FlashSale[];
}

export type { ProductDetail };
