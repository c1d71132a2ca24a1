import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';
import { PageSpinner } from '../../components/page-spinner';
import { ProductRow } from '../../components/product-row';
import { msg } from '../../i18n/i18n';
import { localName } from '../../i18n/local-name';
import { useTranslation } from '../../i18n/use-translation';
import { usePageMeta } from '../../lib/use-page-meta';
import { useRequest } from '../../lib/use-request';
import { useStaggeredCount } from '../../lib/use-staggered-count';
import { selectHasRecentlyViewed } from '../recently-viewed/recently-viewed-slice';
import { BannerCarousel } from './banner-carousel';
import { fetchHomeData } from './catalogue-api';
import { FlashSaleStrip } from './flash-sale-strip';

// Only shoppers with a history load the row's code (the home page's first load has a budget).
const RecentlyViewedRow = lazy(() =>
  import('./recently-viewed-row').then((m) => ({ default: m.RecentlyViewedRow })),
);

// The category rows drawn with the rows above them; the others follow, two per task.
const FIRST_CATEGORY_ROWS = 1;
const CATEGORY_ROWS_PER_TASK = 2;

const HOME_DESCRIPTION = msg(
  'Shop groceries and daily needs online at Pasal: rice, dal, oil, dairy, snacks, drinks, personal care and household goods, priced in rupees and delivered across Nepal.',
);

export function HomePage() {
  const { t } = useTranslation();
  usePageMeta(t('Groceries and daily needs delivered in Nepal'), t(HOME_DESCRIPTION));
  const home = useRequest((signal) => fetchHomeData({ signal }), []);
  const data = home.data;
  const hasHistory = useAppSelector(selectHasRecentlyViewed);
  const categoryRows = useStaggeredCount(
    data?.categories.length ?? 0,
    FIRST_CATEGORY_ROWS,
    CATEGORY_ROWS_PER_TASK,
  );
  return (
    <>
      <h1 className="visually-hidden">{t('Pasal: groceries and daily needs')}</h1>
      <BannerCarousel />
      {home.loading && <PageSpinner />}
      {data && (
        <ProductRow
          title={t('Today Special')}
          products={data.today_special}
          viewAll={{ to: '/viewallfy' }}
          eager
        />
      )}
      {/* Held back until the rows above it are in place, so it never jumps down when they arrive. */}
      <FlashSaleStrip hold={home.loading} />
      {data && (
        <>
          <ProductRow title={t('New Arrivals')} products={data.new_arrival} viewAll={{ to: '/Viewallna' }} />
          {data.categories.slice(0, categoryRows).map((c) => (
            <ProductRow
              key={c.id}
              title={localName(c.title, c.nepali_title).text}
              products={c.products}
              viewAll={{
                to: `/viewallca/${c.id}`,
                state: { categoryTitle: localName(c.title, c.nepali_title).text },
              }}
            />
          ))}
        </>
      )}
      {/* Last, and only once the rows above are in place: its late arrival moves nothing. */}
      {hasHistory && !home.loading && categoryRows === (data?.categories.length ?? 0) && (
        <Suspense fallback={null}>
          <RecentlyViewedRow />
        </Suspense>
      )}
    </>
  );
}
