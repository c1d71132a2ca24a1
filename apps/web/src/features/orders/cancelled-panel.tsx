import { ORDERS_PAGE_SIZE } from '@pasal/contract/orders';
import { useTranslation } from '../../i18n/use-translation';
import { useRequest } from '../../lib/use-request';
import { CancelledOrderCard } from './cancelled-order-card';
import { fetchCancellations } from './orders-api';
import { Pager } from './pager';

/** Cancelled Orders: most recently cancelled first, in pages. */
export function CancelledPanel({ page, onPage }: { page: number; onPage(page: number): void }) {
  const { t } = useTranslation();
  const { data, error, loading } = useRequest((signal) => fetchCancellations(page, signal), [page]);
  if (loading)
    return (
      <p className="text-body-secondary" role="status">
        {t('Loading...')}
      </p>
    );
  if (error) console.error('Cancelled orders could not be loaded', error);
  return (
    <>
      {!data?.results.length ? (
        <p className="text-body-secondary">{t('No cancelled orders found.')}</p>
      ) : (
        <div className="d-grid gap-3">
          {data.results.map((c) => (
            <CancelledOrderCard key={c.id} cancellation={c} />
          ))}
        </div>
      )}
      {data && (
        <Pager
          page={page}
          count={data.count}
          pageSize={ORDERS_PAGE_SIZE}
          label={t('Cancelled order pages')}
          onPage={onPage}
        />
      )}
    </>
  );
}
