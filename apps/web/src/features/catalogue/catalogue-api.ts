import type {
  Banner,
  Category,
  CategoryProducts,
  FlashSale,
  HomeData,
  Product,
  ProductDetail,
  ProductSuggestions,
} from '@pasal/contract/catalogue';
import type { BrandCount } from '@pasal/contract/product-filters';
import { catalogueGet, takeEmbedded } from '../../lib/catalogue-get';
import { filterParams, type ListFilters, NO_FILTERS } from '../../lib/list-filters';

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

type BannerAnswer = { data: { results: Banner[] } };

export async function fetchBanners(opts: Opts = {}): Promise<Banner[]> {
  const res = await catalogueGet<BannerAnswer>('/banner/', opts);
  return res.data?.data?.results ?? [];
}

/** The banners the server wrote into the home page it served, if it did (taken once). */
export function embeddedBanners(): Banner[] | undefined {
  return takeEmbedded<BannerAnswer>('/banner/')?.data?.results;
}

/** A page of a paged product list (category, search, Today Special, New Arrivals). */
export interface ProductPage {
  results: Product[];
  count?: number;
  next?: string | null;
  /** Page 1 of a search or category: the brands to filter by, with counts. */
  brands?: BrandCount[];
}

/** The page fields of an answer; a plain array (no paging) is one last page. */
function productPage(body: unknown): ProductPage {
  const paged = (body ?? {}) as { count?: unknown; next?: unknown; brands?: unknown };
  return {
    results: listOf<Product>(body),
    count: typeof paged.count === 'number' ? paged.count : undefined,
    next: typeof paged.next === 'string' ? paged.next : null,
    brands: Array.isArray(paged.brands) ? (paged.brands as BrandCount[]) : undefined,
  };
}

export async function fetchTodaySpecialPage(page: number, opts: Opts = {}): Promise<ProductPage> {
  return productPage((await catalogueGet('/today/special/', { ...opts, params: { page } })).data);
}

export async function fetchForYouPage(page: number, opts: Opts = {}): Promise<ProductPage> {
  return productPage((await catalogueGet('/list/for/you/', { ...opts, params: { page } })).data);
}

export async function fetchCategoryPage(
  id: string,
  page: number,
  filters: ListFilters = NO_FILTERS,
  opts: Opts = {},
): Promise<ProductPage & { category?: Category }> {
  const res = await catalogueGet<CategoryProducts>(`/category/product/${encodeURIComponent(id)}`, {
    ...opts,
    params: { ...filterParams(filters), page },
  });
  return { ...productPage(res.data), category: res.data?.category };
}

/**
 * A page of the products the server finds for `q`, best match first unless sorted, narrowed by the
 * filters (shown as they come).
 */
export async function searchProductsPage(
  q: string,
  page: number,
  filters: ListFilters = NO_FILTERS,
  opts: Opts = {},
): Promise<ProductPage> {
  return productPage(
    (await catalogueGet('/products', { ...opts, params: { q, ...filterParams(filters), page } })).data,
  );
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

/** Products and categories for what the shopper is typing; close spellings when nothing matches. */
export async function fetchSuggestions(q: string, opts: Opts = {}): Promise<ProductSuggestions> {
  const res = await catalogueGet<ProductSuggestions>('/products/suggest', { ...opts, params: { q } });
  return res.data;
}

export async function fetchAllCategories(opts: Opts = {}): Promise<Category[]> {
  const res = await catalogueGet<{ data: { results: Category[] } }>('/category/all', opts);
  return res.data?.data?.results ?? [];
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
