import { useTranslation } from '../../i18n/use-translation';
import { fetchTodaySpecialPage } from './catalogue-api';
import { ProductListPage } from './product-list-page';

export function TodaySpecialPage() {
  const { t } = useTranslation();
  return (
    <ProductListPage
      title={t('Today Special')}
      description={t(
        "Today's special offers at Pasal: groceries and daily needs at reduced prices, delivered across Nepal.",
      )}
      loadPage={(page, signal) => fetchTodaySpecialPage(page, { signal })}
      deps={[]}
    />
  );
}
