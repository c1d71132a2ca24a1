import type { Product } from '@pasal/contract/catalogue';
import { useSearchParams } from 'react-router';
import { ProductGrid } from '../../components/product-grid';
import { errorMessage } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { useRequest } from '../../lib/use-request';
import { searchProducts } from '../catalogue/catalogue-api';
import { matchesQuery, pickRecommendations } from './search-match';

const POOL_SIZE = 60;

async function runSearch(term: string, signal: AbortSignal) {
  const [found, pool] = await Promise.all([
    searchProducts(term, undefined, { signal }),
    searchProducts(undefined, POOL_SIZE, { signal }),
  ]);
  // Matching is client-side; the server's pre-filter only narrows what arrives.
  const results = found.filter((p) => matchesQuery(p, term));
  return { results, recommendations: pickRecommendations<Product>(pool, results) };
}

export function SearchPage() {
  const [params] = useSearchParams();
  const term = (params.get('query') ?? '').trim();
  const { data, error, loading } = useRequest((signal) => runSearch(term, signal), [term]);
  usePageMeta(`Search Results for ${term}`, `Products at Pasal matching "${term}".`);

  return (
    <section>
      <h1 className="h4">Search Results for {term}</h1>
      {loading && (
        <div className="d-flex align-items-center gap-2 py-4" role="status">
          <span className="spinner-border spinner-border-sm text-success-emphasis" aria-hidden="true" />
          <span>Finding products...</span>
        </div>
      )}
      {error !== undefined && !loading && (
        <div className="alert alert-danger" role="alert">
          <h2 className="h5">Oops! Something went wrong</h2>
          <p className="mb-0">{errorMessage(error, 'An unknown error occurred')}</p>
        </div>
      )}
      {data && (
        <>
          <p className="text-body-secondary">{data.results.length} products found</p>
          {data.results.length > 0 ? (
            <ProductGrid products={data.results} label="Search results" />
          ) : (
            <div className="text-center py-4">
              <h2 className="h5">No products found</h2>
              <p>We couldn't find any products matching "{term}". Please try a different search term.</p>
            </div>
          )}
          {data.recommendations.length > 0 && (
            <section className="mt-4" aria-labelledby="recommendations-heading">
              <h2 id="recommendations-heading" className="h5">
                {data.results.length > 0 ? 'Similar Products' : 'You might also like'}
              </h2>
              <ProductGrid
                products={data.recommendations}
                headingLevel="h3"
                eager={data.results.length === 0}
              />
            </section>
          )}
        </>
      )}
    </section>
  );
}
