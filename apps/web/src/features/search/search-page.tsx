import type { Product } from '@pasal/contract/catalogue';
import type { BrandCount } from '@pasal/contract/product-filters';
import { SEARCH_SORTS } from '@pasal/contract/product-sorts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListFilterBar, SEARCH_SORT_CHOICES } from '../../components/list-filter-bar';
import { LoadMore } from '../../components/load-more';
import { ProductGrid } from '../../components/product-grid';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/api-client';
import { useListFilters } from '../../lib/use-list-filters';
import { usePageMeta } from '../../lib/use-page-meta';
import { usePagedList } from '../../lib/use-paged-list';
import { useRequest } from '../../lib/use-request';
import { searchProducts, searchProductsPage } from '../catalogue/catalogue-api';
import { NoResultHelp } from './no-result-help';
import { pickRecommendations, queryWords } from './search-match';

const POOL_SIZE = 60;

export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const term = (params.get('query') ?? '').trim();
  const { filters, key, change } = useListFilters(SEARCH_SORTS);
  const [brands, setBrands] = useState<BrandCount[]>();
  // The server finds, filters, sorts and pages the matches; more pages load as the shopper scrolls.
  const found = usePagedList<Product>(
    async (page, signal) => {
      const answer = await searchProductsPage(term, page, filters, { signal });
      if (answer.brands) setBrands(answer.brands);
      return answer;
    },
    [term, key],
  );
  // The pool of recommendations does not depend on the search: read once while the page is open.
  const pool = useRequest((signal) => searchProducts(undefined, POOL_SIZE, { signal }), []);
  usePageMeta(
    t('Search Results for {{term}}', { term }),
    t('Products at Pasal matching "{{term}}".', { term }),
  );

  // The server finds, ranks and counts (decision 040): its results are shown as they come, in its
  // order; filtering them again here would drop what only the server knows (Nepali titles, typos).
  const blank = queryWords(term).length === 0;
  const results = blank ? [] : found.items;
  const count = blank ? 0 : found.count;
  const loading = found.loading || pool.loading;
  // Recommendations are extra: without them the search's own results still show.
  const error = found.error;
  const recommendations = pool.data ? pickRecommendations<Product>(pool.data, results) : [];

  return (
    <section>
      <h1 className="h4">{t('Search Results for {{term}}', { term })}</h1>
      {!blank && (
        <ListFilterBar filters={filters} sorts={SEARCH_SORT_CHOICES} brands={brands} onChange={change} />
      )}
      {loading && (
        <div className="d-flex align-items-center gap-2 py-4" role="status">
          <span className="spinner-border spinner-border-sm text-success-emphasis" aria-hidden="true" />
          <span>{t('Finding products...')}</span>
        </div>
      )}
      {error !== undefined && !loading && (
        <div className="alert alert-danger" role="alert">
          <h2 className="h5">{t('Oops! Something went wrong')}</h2>
          <p className="mb-0">{errorMessage(error, t('An unknown error occurred'))}</p>
        </div>
      )}
      {!loading && error === undefined && (
        <>
          <p className="text-body-secondary">{t('{{count, n}} products found', { count })}</p>
          {results.length > 0 ? (
            <ProductGrid products={results} label={t('Search results')} />
          ) : (
            <div className="text-center py-4">
              <h2 className="h5">{t('No products found')}</h2>
              <p>
                {t(`We couldn't find any products matching "{{term}}". Please try a different search term.`, {
                  term,
                })}
              </p>
              {!blank && <NoResultHelp term={term} />}
            </div>
          )}
          <LoadMore
            hasMore={found.hasMore && !blank}
            loading={found.loadingMore}
            failed={found.moreError !== undefined}
            onLoadMore={found.loadMore}
          />
          {recommendations.length > 0 && (
            <section className="mt-4" aria-labelledby="recommendations-heading">
              <h2 id="recommendations-heading" className="h5">
                {results.length > 0 ? t('Similar Products') : t('You might also like')}
              </h2>
              <ProductGrid products={recommendations} headingLevel="h3" eager={results.length === 0} />
            </section>
          )}
        </>
      )}
    </section>
  );
}
