import type { PageRequest } from '../../lib/paging';
import type { ListRefinement } from './catalogue-service';
import { filterKey } from './product-filters';
import { searchWords } from './product-queries';

// The catalogue cache's entries of the paged lists: the API's routes (catalogue-routes.ts) and the
// documents of their pages (list-head.ts) read and fill the same entry.

/** A page of a category's products: GET /category/product/{id}. */
export const categoryPageKey = (id: number, page: PageRequest, { sort, filters }: ListRefinement) =>
  `category:${id}:${page.page}:${page.pageSize}:${filterKey(sort, filters)}`;

/** A page of a search: GET /products. Equal word lists give equal answers, however the spaces fell. */
export const searchPageKey = (q: string | undefined, page: PageRequest, { sort, filters }: ListRefinement) =>
  `search:${page.page}:${page.pageSize}:${filterKey(sort, filters)}:${searchWords(q).join(' ')}`;
