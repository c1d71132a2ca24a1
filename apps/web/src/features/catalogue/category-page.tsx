import { useLocation, useParams } from 'react-router';
import { fetchCategoryProducts } from './catalogue-api';
import { ProductListPage } from './product-list-page';

export function CategoryPage() {
  const { categoryId = '' } = useParams();
  const state = useLocation().state as { categoryTitle?: string } | null;
  const title = state?.categoryTitle || 'Category';
  return (
    <ProductListPage
      title={title}
      description={`Shop ${title} online at Pasal, priced in rupees and delivered across Nepal.`}
      load={async (signal) => (await fetchCategoryProducts(categoryId, { signal })).results}
      deps={[categoryId]}
    />
  );
}
