import { useTranslation } from '../../i18n/use-translation';
import { useRequest } from '../../lib/use-request';
import { DeliveredProductCard } from './delivered-product-card';
import { fetchDeliveredProducts } from './orders-api';

/** Delivered Products: what was delivered to the customer, newest purchase first. */
export function DeliveredPanel() {
  const { t } = useTranslation();
  const { data, error, loading } = useRequest((signal) => fetchDeliveredProducts(signal), []);
  if (loading)
    return (
      <p className="text-body-secondary" role="status">
        {t('Loading...')}
      </p>
    );
  if (error) console.error('Delivered products could not be loaded', error);
  if (!data?.length) return <p className="text-body-secondary">{t('No delivered products found.')}</p>;
  return (
    <div className="d-grid gap-3">
      {data.map((product) => (
        <DeliveredProductCard key={`${product.id}-${product.order_id}`} product={product} />
      ))}
    </div>
  );
}
