import { LoadMore } from '../../components/load-more';
import { ProductGrid } from '../../components/product-grid';
import { t as translate } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { httpResponse, isHttpError } from '../../lib/api-client';
import type { ProductLike } from '../../lib/product';
import { usePageMeta } from '../../lib/use-page-meta';
import { type ListPage, usePagedList } from '../../lib/use-paged-list';

/** "Failed to fetch data: {status}" with the HTTP status, or the error's own text without one. */
export function listError(error: unknown): string {
  const status = isHttpError(error) ? (httpResponse(error)?.status ?? error.message) : String(error);
  return translate('Failed to fetch data: {{status}}', { status });
}

interface Props {
  title: string;
  /** The document's title when it should differ from the heading. */
  pageTitle?: string;
  description: string;
  loadPage(page: number, signal: AbortSignal): Promise<ListPage<ProductLike>>;
  deps: unknown[];
}

/**
 * Spinner, error alert or grid: the shape of Today Special, New Arrivals and category pages. The
 * grid grows page by page as the shopper scrolls (or presses "Load more products").
 */
export function ProductListPage({ title, pageTitle, description, loadPage, deps }: Props) {
  const { t } = useTranslation();
  const list = usePagedList(loadPage, deps);
  usePageMeta(pageTitle ?? title, description);
  return (
    <section>
      <h1 className="h4 mb-3">{title}</h1>
      {list.loading && (
        <div className="d-flex justify-content-center py-5">
          <output className="spinner-border text-success-emphasis">
            <span className="visually-hidden">{t('Loading...')}</span>
          </output>
        </div>
      )}
      {list.error !== undefined && !list.loading && (
        <div className="alert alert-danger" role="alert">
          {listError(list.error)}
        </div>
      )}
      {!list.loading && list.error === undefined && (
        <>
          <ProductGrid products={list.items} label={title} />
          <LoadMore
            hasMore={list.hasMore}
            loading={list.loadingMore}
            failed={list.moreError !== undefined}
            onLoadMore={list.loadMore}
          />
        </>
      )}
    </section>
  );
}
