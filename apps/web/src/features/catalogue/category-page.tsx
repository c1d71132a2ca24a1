import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
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
        const answer = await fetchCategoryPage(categoryId, page, { signal });
        if (answer.category?.title) setNamed({ id: categoryId, title: answer.category.title });
        return answer;
      }}
      deps={[categoryId]}
    />
  );
}
