import { fetchTodaySpecial } from './catalogue-api';
import { ProductListPage } from './product-list-page';

export function TodaySpecialPage() {
  return <ProductListPage title="Today Special" load={(signal) => fetchTodaySpecial({ signal })} deps={[]} />;
}
