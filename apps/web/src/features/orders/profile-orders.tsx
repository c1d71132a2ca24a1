import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { selectAuth } from '../auth/auth-slice';
import { AllOrdersPanel } from './all-orders-panel';
import { CancelledPanel } from './cancelled-panel';
import { DeliveredPanel } from './delivered-panel';
import { pageFromQuery } from './order-display';
import { ORDER_FILTERS, type OrderFilter, OrderFilters } from './order-filters';

export const CANCELLATION_PROCESS_TEXT = msg(
  'Cancellations take effect at once, so no order is waiting here: find yours under Cancelled Orders.',
);

const isFilter = (value: string | null): value is OrderFilter => ORDER_FILTERS.some((f) => f.key === value);

/** /profile/orders (and /orders): the four filters and their lists. The filter and page live in the URL. */
export function ProfileOrders() {
  const { t } = useTranslation();
  const { access, user_id } = useAppSelector(selectAuth);
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const filter: OrderFilter = isFilter(raw) ? raw : 'all';
  const page = pageFromQuery(params.get('page'));

  const choose = (next: OrderFilter) => setParams(next === 'all' ? {} : { filter: next });
  const goToPage = (next: number) =>
    setParams({ ...(filter === 'all' ? {} : { filter }), ...(next > 1 ? { page: String(next) } : {}) });

  // Order calls need the bearer token; without one they are skipped (the profile sends a visitor to /login).
  const signedIn = Boolean(access && user_id);
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="h4 mb-3">
        {t('My Orders')}
      </h2>
      <div className="row g-3">
        <div className="col-md-4">
          <OrderFilters value={filter} onChange={choose} />
        </div>
        <div className="col-md-8">
          {!signedIn ? (
            <p className="text-body-secondary">{t('No orders found.')}</p>
          ) : filter === 'all' ? (
            <AllOrdersPanel page={page} onPage={goToPage} />
          ) : filter === 'delivered' ? (
            <DeliveredPanel />
          ) : filter === 'cancelled' ? (
            <CancelledPanel page={page} onPage={goToPage} />
          ) : (
            <p className="text-body-secondary">{t(CANCELLATION_PROCESS_TEXT)}</p>
          )}
        </div>
      </div>
    </section>
  );
}
