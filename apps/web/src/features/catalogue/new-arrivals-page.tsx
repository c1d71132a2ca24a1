import { fetchForYou } from './catalogue-api';
import { ProductListPage } from './product-list-page';

export function NewArrivalsPage() {
  return <ProductListPage title="New Arrivals" load={(signal) => fetchForYou({ signal })} deps={[]} />;
}
