import { cardPicture } from '@pasal/contract/card-picture';
import {
  categoryParams,
  categoryProducts,
  productSearchList,
  productSearchQuery,
} from '@pasal/contract/catalogue';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../lib/errors';
import { pageRequest } from '../../lib/paging';
import type { CachedAnswer } from '../../lib/response-cache';
import { catalogueAnswer } from '../../plugins/catalogue-cache';
import type { DocumentHead } from '../../plugins/home-document';
import { type ListRefinement, listCategoryProducts, searchProducts } from './catalogue-service';
import { shellCards } from './document-parts';
import { categoryPageKey, searchPageKey } from './list-keys';
import { searchWords } from './product-queries';

/** The address's parameters a list page sends on as its sort and filters (apps/web/src/lib/list-filters.ts). */
const LIST_PARAMS = ['sort', 'min_price', 'max_price', 'brand', 'on_sale', 'in_stock'];

/** The cards in a phone's first row (two columns): their pictures go in the shell. */
const SHELL_CARDS = 2;

const unrefined: ListRefinement = { filters: {} };

// One head per list answer (a refreshed answer is a new object).
const heads = new WeakMap<CachedAnswer, DocumentHead>();

/**
 * Whether the address holds a sort or a filter. Such a page is sent as it is: which of them the
 * page keeps is the page's rule (it drops what it does not take), and the shell must show the
 * cards the page will show.
 */
const refined = (query: Record<string, unknown>) => LIST_PARAMS.some((key) => query[key] !== undefined);

/**
 * What a category page's document (`/viewallca/{id}`) carries besides the storefront's own
 * (decision 072): its first cards' pictures in the shell, so the page's largest picture paints
 * with the document instead of after the scripts. The page's first answer is the one computed
 * here (the same cache entry as GET /category/product/{id}?page=1). Undefined for a category that
 * does not exist, a sorted or filtered page, or an empty one: the page is then sent as it is.
 */
export async function categoryHead(
  app: FastifyInstance,
  apiRoot: string,
  rawId: string,
  query: Record<string, unknown>,
): Promise<DocumentHead | undefined> {
  const parsed = categoryParams.safeParse({ categoryId: rawId });
  if (!parsed.success || refined(query)) return undefined;
  const id = parsed.data.categoryId;
  const page = pageRequest({ page: 1 });
  let answer: CachedAnswer;
  try {
    answer = await catalogueAnswer(app, categoryPageKey(id, page, unrefined), categoryProducts, () =>
      listCategoryProducts(app.db, id, page, `${apiRoot}/category/product/${id}`),
    );
  } catch (err) {
    // The page shows its own error for a category that does not exist.
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
  return headOf(answer, `category:${id}`);
}

/**
 * The same for a search's page (`/search?query=…`): the first results' pictures, from the answer
 * of GET /products?q=…&page=1. Undefined for a blank or refused search, a sorted or filtered one,
 * or one that finds nothing (the page then recommends other products, which it picks itself).
 */
export async function searchHead(
  app: FastifyInstance,
  apiRoot: string,
  query: Record<string, unknown>,
): Promise<DocumentHead | undefined> {
  // The page reads the first `query` and trims it (search-page.tsx, early-requests.ts).
  const raw = Array.isArray(query.query) ? query.query[0] : query.query;
  const parsed = productSearchQuery.safeParse({ q: typeof raw === 'string' ? raw.trim() : '' });
  if (!parsed.success || refined(query)) return undefined;
  const { q } = parsed.data;
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  const page = pageRequest({ page: 1 });
  const answer = await catalogueAnswer(app, searchPageKey(q, page, unrefined), productSearchList, () =>
    searchProducts(app.db, q, page, `${apiRoot}/products`),
  );
  return headOf(answer, `search:${words.join(' ')}`);
}

/** The head of a list page: its first cards' pictures in the shell; undefined when it has none. */
function headOf(answer: CachedAnswer, name: string): DocumentHead | undefined {
  let head = heads.get(answer);
  if (!head) {
    const { results } = JSON.parse(answer.body.toString('utf8')) as {
      results: Parameters<typeof cardPicture>[0][];
    };
    const pictures = results.slice(0, SHELL_CARDS).map(cardPicture);
    head = {
      key: `${name}:${answer.etag}`,
      html: '',
      ...(pictures.length > 0 && { shell: shellCards(pictures) }),
    };
    heads.set(answer, head);
  }
  return head.shell ? head : undefined;
}
