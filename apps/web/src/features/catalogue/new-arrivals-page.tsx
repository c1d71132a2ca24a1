import { useTranslation } from '../../i18n/use-translation';
import { fetchForYouPage } from './catalogue-api';
import { ProductListPage } from './product-list-page';

export function NewArrivalsPage() {
  const { t } = useTranslation();
  return (
    <ProductListPage
      title={t('New Arrivals')}
      description={t('New arrivals at Pasal: the latest groceries and daily needs, delivered across Nepal.')}
      loadPage={(page, signal) => fetchForYouPage(page, { signal })}
      deps={[]}
    />
  );
}
