// The sorts and the plain rules of the list filters (decision 041), without zod: the storefront's
// search and category pages read them too.

/** Sorts of a search: relevance (the default) exists only where there is a query to match. */
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'best_selling'] as const;
/** Sorts of a category page: title order (the default) instead of relevance. */
export const CATEGORY_SORTS = ['title', 'price_asc', 'price_desc', 'newest', 'best_selling'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export type CategorySort = (typeof CATEGORY_SORTS)[number];
export type ProductSort = SearchSort | CategorySort;

/** At most this many brands in one filter (a shopper ticks a few). */
export const BRAND_FILTER_MAX = 20;
export const BRAND_MAX_LENGTH = 100;
/** The highest price a filter accepts, in rupees (the console's own ceiling). */
export const PRICE_FILTER_MAX_RUPEES = 10_000_000;

const RUPEES_TEXT = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/**
 * A rupee amount as a shopper or an address writes it ("250", "99.5", "99.50") in integer paisa,
 * by integer arithmetic only; null for anything else (signs, exponents, a third decimal, commas).
 */
export function rupeesTextToPaisa(text: string): number | null {
  const match = RUPEES_TEXT.exec(text);
  if (!match) return null;
  const paisa = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return paisa <= PRICE_FILTER_MAX_RUPEES * 100 ? paisa : null;
}
