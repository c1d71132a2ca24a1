import { ProductGrid } from '../../components/product-grid';
import { httpResponse, isHttpError } from '../../lib/api-client';
import type { ProductLike } from '../../lib/product';
import { usePageMeta } from '../../lib/use-page-meta';
import { useRequest } from '../../lib/use-request';

/** "Failed to fetch data: {status}" with the HTTP status, or the error's own text without one. */
export function listError(error: unknown): string {
  const status = isHttpError(error) ? (httpResponse(error)?.status ?? error.message) : String(error);
  return `Failed to fetch data: ${status}`;
}

interface Props {
  title: string;
  /** The document's title when it should differ from the heading. */
  pageTitle?: string;
  description: string;
  load(signal: AbortSignal): Promise<ProductLike[]>;
  deps: unknown[];
}

/** Spinner, error alert or grid: the shape of Today Special, New Arrivals and category pages. */
export function ProductListPage({ title, pageTitle, description, load, deps }: Props) {
  usePageMeta(pageTitle ?? title, description);
  const { data, error, loading } = useRequest(load, deps);
  return (
    <section>
      <h1 className="h4 mb-3">{title}</h1>
      {loading && (
        <div className="d-flex justify-content-center py-5">
          <output className="spinner-border text-success-emphasis">
            <span className="visually-hidden">Loading...</span>
          </output>
        </div>
      )}
      {error !== undefined && !loading && (
        <div className="alert alert-danger" role="alert">
          {listError(error)}
        </div>
      )}
      {data && <ProductGrid products={data} label={title} />}
    </section>
  );
}
