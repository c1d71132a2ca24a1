import {
  BRAND_FILTER_MAX,
  BRAND_MAX_LENGTH,
  type ProductSort,
  rupeesTextToPaisa,
} from '@pasal/contract/product-sorts';

// The sort and filters of the search and category pages live in the page's address, under the
// API's own names (decision 041): /search?query=rice&sort=price_asc&in_stock=true. Back, Forward,
// a reload and a shared link all restore them; the server filters, sorts and counts.

export interface ListFilters {
  /** Undefined: the list's default order (relevance for a search, title for a category). */
  sort?: ProductSort;
  /** Rupees as typed ("99.50"), or '' for no bound. */
  minPrice: string;
  maxPrice: string;
  brands: string[];
  onSale: boolean;
  inStock: boolean;
}

export const NO_FILTERS: ListFilters = {
  minPrice: '',
  maxPrice: '',
  brands: [],
  onSale: false,
  inStock: false,
};

/** The address's parameters this file owns, in the order they are written (the API's order too). */
const KEYS = ['sort', 'min_price', 'max_price', 'brand', 'on_sale', 'in_stock'] as const;

/** A rupee amount the server accepts, or ''. */
export function cleanPrice(text: string | null): string {
  const trimmed = (text ?? '').trim();
  return trimmed !== '' && rupeesTextToPaisa(trimmed) !== null ? trimmed : '';
}

/**
 * The sort and filters an address holds. A value the list does not take (a hand-edited or old
 * link) is dropped rather than sent on for a 400; so is a price range whose ends cross.
 */
export function readListFilters(params: URLSearchParams, sorts: readonly ProductSort[]): ListFilters {
  const sort = params.get('sort');
  let minPrice = cleanPrice(params.get('min_price'));
  let maxPrice = cleanPrice(params.get('max_price'));
  if (minPrice && maxPrice && rupeesTextToPaisa(minPrice)! > rupeesTextToPaisa(maxPrice)!) {
    minPrice = '';
    maxPrice = '';
  }
  const brands = [
    ...new Set(params.getAll('brand').filter((b) => b.trim() !== '' && b.length <= BRAND_MAX_LENGTH)),
  ];
  return {
    sort: sorts.find((s) => s === sort),
    minPrice,
    maxPrice,
    brands: brands.slice(0, BRAND_FILTER_MAX),
    onSale: params.get('on_sale') === 'true',
    inStock: params.get('in_stock') === 'true',
  };
}

/** The parameters of the sort and filters, in order; a brand list repeats `brand`. */
export function filterEntries(filters: ListFilters): [string, string][] {
  const entries: [string, string][] = [];
  if (filters.sort) entries.push(['sort', filters.sort]);
  if (filters.minPrice) entries.push(['min_price', filters.minPrice]);
  if (filters.maxPrice) entries.push(['max_price', filters.maxPrice]);
  for (const brand of filters.brands) entries.push(['brand', brand]);
  if (filters.onSale) entries.push(['on_sale', 'true']);
  if (filters.inStock) entries.push(['in_stock', 'true']);
  return entries;
}

/** The sort and filters as API parameters, in order (catalogueGet repeats a list). */
export function filterParams(filters: ListFilters): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [key, value] of filterEntries(filters)) {
    if (key === 'brand') params.brand = [...((params.brand as string[] | undefined) ?? []), value];
    else params[key] = value;
  }
  return params;
}

/** The address's parameters with these sort and filters (the others, such as `query`, kept first). */
export function writeListFilters(params: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) if (!(KEYS as readonly string[]).includes(key)) next.append(key, value);
  for (const [key, value] of filterEntries(filters)) next.append(key, value);
  return next;
}

/** How many filters narrow the list (a price range counts once; the sort is not a filter). */
export function appliedFilterCount(filters: ListFilters): number {
  return (
    (filters.minPrice || filters.maxPrice ? 1 : 0) +
    filters.brands.length +
    (filters.onSale ? 1 : 0) +
    (filters.inStock ? 1 : 0)
  );
}

/** One text per sort and filters, for a list's dependencies. */
export function filtersKey(filters: ListFilters): string {
  return new URLSearchParams(filterEntries(filters)).toString();
}
