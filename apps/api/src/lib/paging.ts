import { PAGE_SIZE_DEFAULT, type PageQuery } from '@pasal/contract/catalogue';

// Page-number paging of the catalogue lists (the contract's pageQuery and pageFields).

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  count: number;
  page: number;
  page_size: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function pageRequest(query: PageQuery, pageSize = query.page_size): PageRequest {
  return { page: query.page ?? 1, pageSize: pageSize ?? PAGE_SIZE_DEFAULT };
}

export function offsetOf(request: PageRequest): number {
  return (request.page - 1) * request.pageSize;
}

/**
 * The page answer with links to its neighbours. `path` is the list's path and `params` the
 * query that selects the list (without page and page_size, which the links set); a list of
 * values repeats the parameter.
 */
export function pageOf<T>(
  request: PageRequest,
  count: number,
  results: T[],
  path: string,
  params: Record<string, string | string[]> = {},
): Page<T> {
  const lastPage = Math.max(1, Math.ceil(count / request.pageSize));
  const link = (page: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      for (const one of Array.isArray(value) ? value : [value]) query.append(key, one);
    }
    query.set('page', String(page));
    query.set('page_size', String(request.pageSize));
    return `${path}?${query}`;
  };
  return {
    count,
    page: request.page,
    page_size: request.pageSize,
    next: request.page < lastPage ? link(request.page + 1) : null,
    // Past the end, "previous" leads back to the last page that has items.
    previous: request.page > 1 ? link(Math.min(request.page - 1, lastPage)) : null,
    results,
  };
}
