import { ProductRow } from '../../components/product-row';
import { useTranslation } from '../../i18n/use-translation';
import { useRecentlyViewedProducts } from '../recently-viewed/use-recently-viewed-products';

/** Home's "Recently viewed" row (decision 054): its own chunk, loaded only with a history. */
export function RecentlyViewedRow() {
  const { t } = useTranslation();
  return <ProductRow title={t('Recently viewed')} products={useRecentlyViewedProducts()} />;
}
