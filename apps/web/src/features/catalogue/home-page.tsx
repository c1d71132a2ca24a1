import { PageSpinner } from '../../components/page-spinner';
import { ProductRow } from '../../components/product-row';
import { useRequest } from '../../lib/use-request';
import { BannerCarousel } from './banner-carousel';
import { fetchHomeData } from './catalogue-api';
import { FlashSaleStrip } from './flash-sale-strip';

export function HomePage() {
  const home = useRequest((signal) => fetchHomeData({ signal }), []);
  const data = home.data;
  return (
    <>
      <h1 className="visually-hidden">Pasal: groceries and daily needs</h1>
      <BannerCarousel />
      {home.loading && <PageSpinner />}
      {data && (
        <ProductRow title="Today Special" products={data.today_special} viewAll={{ to: '/viewallfy' }} />
      )}
      <FlashSaleStrip />
      {data && (
        <>
          <ProductRow title="New Arrivals" products={data.new_arrival} viewAll={{ to: '/Viewallna' }} />
          {data.categories.map((c) => (
            <ProductRow
              key={c.id}
              title={c.title}
              products={c.products}
              viewAll={{ to: `/viewallca/${c.id}`, state: { categoryTitle: c.title } }}
            />
          ))}
        </>
      )}
    </>
  );
}
