import type { BrandCount } from '@pasal/contract/product-filters';
import { CATEGORY_SORTS } from '@pasal/contract/product-sorts';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { CATEGORY_SORT_CHOICES, ListFilterBar } from '../../components/list-filter-bar';
import { useTranslation } from '../../i18n/use-translation';
import { useListFilters } from '../../lib/use-list-filters';
import { fetchCategoryPage } from './catalogue-api';
import { ProductListPage } from './product-list-page';

export function CategoryPage() {
  const { t } = useTranslation();
  const { categoryId = '' } = useParams();
  const state = useLocation().state as { categoryTitle?: string } | null;
  // The heading comes from the navigation state (shopping.md §2); the document's title may also
  // use the category's name from the answer, for a page opened from a link or a search engine.
  const title = state?.categoryTitle || t('Category');
  const [named, setNamed] = useState<{ id: string; title: string } | null>(null);
  const name = state?.categoryTitle || (named?.id === categoryId ? named.title : undefined);
  const { filters, key, change } = useListFilters(CATEGORY_SORTS);
  const [brands, setBrands] = useState<{ id: string; list: BrandCount[] }>();
  return (
    <ProductListPage
      title={title}
      pageTitle={name ?? title}
      description={
        name
          ? t('Shop {{name}} online at Pasal, priced in rupees and delivered across Nepal.', { name })
          : t('Shop groceries online at Pasal, priced in rupees and delivered across Nepal.')
      }
      loadPage={async (page, signal) => {
        const answer = await fetchCategoryPage(categoryId, page, filters, { signal });
        if (answer.category?.title) setNamed({ id: categoryId, title: answer.category.title });
        if (answer.brands) setBrands({ id: categoryId, list: answer.brands });
        return answer;
      }}
      deps={[categoryId, key]}
      toolbar={
        <ListFilterBar
          filters={filters}
          sorts={CATEGORY_SORT_CHOICES}
          brands={brands?.id === categoryId ? brands.list : undefined}
          onChange={change}
        />
      }
    />
  );
}
