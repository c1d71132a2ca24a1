import type { Banner } from '@pasal/contract/catalogue';
import Carousel from 'react-bootstrap/Carousel';
import { BannerImage } from './banner-image';
import { BANNER_INTERVAL_MS } from './banner-timing';

/** react-bootstrap's carousel: loaded after the first banner is on screen (see banner-carousel.tsx). */
export function BannerSlides({ banners, playing }: { banners: Banner[]; playing: boolean }) {
  return (
    <Carousel fade interval={playing ? BANNER_INTERVAL_MS : null} controls indicators>
      {banners.map((b, i) => (
        <Carousel.Item key={b.id}>
          <BannerImage banner={b} first={i === 0} />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
