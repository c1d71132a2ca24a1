import { fetchTodaySpecialPage } from './catalogue-api';
import { ProductListPage } from './product-list-page';

export function TodaySpecialPage() {
  return (
    <ProductListPage
      title="Today Special"
      description="Today's special offers at Pasal: groceries and daily needs at reduced prices, delivered across Nepal."
      loadPage={(page, signal) => fetchTodaySpecialPage(page, { signal })}
      deps={[]}
    />
  );
}
