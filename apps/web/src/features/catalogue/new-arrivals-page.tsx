import { fetchForYouPage } from './catalogue-api';
import { ProductListPage } from './product-list-page';

export function NewArrivalsPage() {
  return (
    <ProductListPage
      title="New Arrivals"
      description="New arrivals at Pasal: the latest groceries and daily needs, delivered across Nepal."
      loadPage={(page, signal) => fetchForYouPage(page, { signal })}
      deps={[]}
    />
  );
}
