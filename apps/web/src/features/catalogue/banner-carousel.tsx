import Carousel from 'react-bootstrap/Carousel';
import { useRequest } from '../../lib/use-request';
import { fetchBanners } from './catalogue-api';

export const BANNER_INTERVAL_MS = 6000;

export function BannerCarousel() {
  const { data, loading } = useRequest((signal) => fetchBanners({ signal }), []);
  if (loading) return <p className="py-4 text-center">Loading banners...</p>;
  if (!data?.length) return null;
  return (
    <section aria-label="Offers">
      <Carousel fade interval={BANNER_INTERVAL_MS} controls indicators className="mb-3">
        {data.map((b, i) => (
          <Carousel.Item key={b.id}>
            <img
              src={b.image}
              alt={b.title}
              className="banner-img d-block"
              loading={i === 0 ? 'eager' : 'lazy'}
            />
          </Carousel.Item>
        ))}
      </Carousel>
    </section>
  );
}
