import type { Banner } from '@pasal/contract/catalogue';
import { useEffect, useRef, useState } from 'react';
import { BsPauseFill, BsPlayFill } from 'react-icons/bs';
import { useTranslation } from '../../i18n/use-translation';
import { afterFirstScreen } from '../../lib/after-first-screen';
import { useLoadedModule } from '../../lib/use-loaded-module';
import { useRequest } from '../../lib/use-request';
import { BannerImage } from './banner-image';
import { embeddedBanners, fetchBanners } from './catalogue-api';

export { BANNER_INTERVAL_MS } from './banner-timing';

// react-bootstrap's carousel and its transitions are not needed for the first paint.
const loadSlides = () => import('./banner-slides').then((m) => m.BannerSlides);

/** The carousel's first slide in the carousel's own markup, until its code arrives. */
function FirstBanner({ banner, onSettled }: { banner: Banner; onSettled?: () => void }) {
  return (
    <div className="carousel slide carousel-fade">
      <div className="carousel-inner">
        <div className="carousel-item active">
          <BannerImage banner={banner} first onSettled={onSettled} />
        </div>
      </div>
    </div>
  );
}

/** People who ask their system for less motion get still banners until they press play. */
const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function BannerCarousel() {
  const { t } = useTranslation();
  // On a first visit the server has written the banners into the page: they render with it.
  const [inPage] = useState(embeddedBanners);
  const { data, loading } = useRequest((signal) => fetchBanners({ signal }), [], inPage);
  // WCAG 2.2.2 Pause, Stop, Hide: moving content that starts by itself needs a way to stop it.
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  // The carousel's code (react-bootstrap's, 17 kB) is asked for once the first banner has loaded and
  // is on show: on a slow network it would otherwise share the line with that picture.
  const [carouselWanted, setCarouselWanted] = useState(false);
  const cancelWait = useRef<() => void>(undefined);
  useEffect(() => () => cancelWait.current?.(), []);
  // The first banner stays on screen (the same element) until the carousel's code is in.
  const BannerSlides = useLoadedModule(loadSlides, carouselWanted);
  const firstSettled = () => {
    cancelWait.current ??= afterFirstScreen(() => setCarouselWanted(true));
  };
  // The loading text keeps the banners' 3:1 box, so the rows below do not move when they arrive.
  if (loading)
    return (
      <div className="banner-skeleton mb-3">
        <p className="mb-0">{t('Loading banners...')}</p>
      </div>
    );
  if (!data?.length) return null;
  const label = playing ? t('Pause banners') : t('Play banners');
  return (
    <section aria-label={t('Offers')} className="banner-carousel position-relative mb-3">
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
      {/* The first banner shows as soon as it is known; the carousel's code follows it. */}
      {BannerSlides ? (
        <BannerSlides banners={data} playing={playing} />
      ) : (
        <FirstBanner banner={data[0]} onSettled={firstSettled} />
      )}
    </section>
  );
}
