import { useState } from 'react';
import Carousel from 'react-bootstrap/Carousel';
import { BsPauseFill, BsPlayFill } from 'react-icons/bs';
import { useRequest } from '../../lib/use-request';
import { fetchBanners } from './catalogue-api';

export const BANNER_INTERVAL_MS = 6000;

/** People who ask their system for less motion get still banners until they press play. */
const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function BannerCarousel() {
  const { data, loading } = useRequest((signal) => fetchBanners({ signal }), []);
  // WCAG 2.2.2 Pause, Stop, Hide: moving content that starts by itself needs a way to stop it.
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  if (loading) return <p className="py-4 text-center">Loading banners...</p>;
  if (!data?.length) return null;
  const label = playing ? 'Pause banners' : 'Play banners';
  return (
    <section aria-label="Offers" className="banner-carousel position-relative mb-3">
      {/* First in the tab order, so the motion can be stopped before reaching it. */}
      {data.length > 1 && (
        <button
          type="button"
          className="banner-pause"
          aria-label={label}
          title={label}
          onClick={() => setPlaying((p) => !p)}
        >
          {playing ? <BsPauseFill aria-hidden="true" /> : <BsPlayFill aria-hidden="true" />}
        </button>
      )}
      <Carousel fade interval={playing ? BANNER_INTERVAL_MS : null} controls indicators>
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
