import { type MouseEvent, useEffect, useState } from 'react';
import { BsArrowsFullscreen } from '../../components/page-icons';
import { ProductImage } from '../../components/product-image';
import { useTranslation } from '../../i18n/use-translation';

export const ZOOM_FACTOR = 1.8;
export const ZOOM_MIN_WIDTH = 1085;

/** Zoom is off when the window is 1085 px wide or less. */
export const zoomEnabledAt = (width: number) => width > ZOOM_MIN_WIDTH;

function useZoomEnabled() {
  const [enabled, setEnabled] = useState(() => zoomEnabledAt(window.innerWidth));
  useEffect(() => {
    const onResize = () => setEnabled(zoomEnabledAt(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return enabled;
}

interface Lens {
  x: number;
  y: number;
  size: number;
  width: number;
  height: number;
}

interface Props {
  src: string;
  alt: string;
  /** Opens the full-screen gallery: a tap on the picture, or its own button for the keyboard. */
  onOpen?(): void;
  /** The open button's accessible name. */
  openLabel?: string;
}

export function ImageZoom({ src, alt, onOpen, openLabel }: Props) {
  const { t } = useTranslation();
  const enabled = useZoomEnabled();
  const [lens, setLens] = useState<Lens | null>(null);

  const move = (e: MouseEvent<HTMLDivElement>) => {
    if (!enabled) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const size = rect.width / ZOOM_FACTOR;
    const clamp = (v: number, max: number) => Math.max(0, Math.min(v, max));
    setLens({
      x: clamp(e.clientX - rect.left - size / 2, rect.width - size),
      y: clamp(e.clientY - rect.top - size / 2, rect.height - size),
      size,
      width: rect.width,
      height: rect.height,
    });
  };

  const show = enabled && lens !== null;
  return (
    <div className="zoom-container">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: zoom and tap-to-open are pointer extras; the open button below serves the keyboard */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the open button below serves the keyboard */}
      <div
        className={`zoom-main ${onOpen ? 'is-openable' : ''}`}
        onMouseMove={move}
        onMouseEnter={move}
        onMouseLeave={() => setLens(null)}
        onClick={onOpen}
      >
        <ProductImage src={src} alt={alt} className="zoom-main-img" loading="eager" fetchPriority="high" />
        {onOpen && (
          <button
            type="button"
            className="btn btn-light btn-sm zoom-open"
            aria-haspopup="dialog"
            aria-label={openLabel}
            onClick={(e) => {
              // The picture's own click would open it a second time.
              e.stopPropagation();
              onOpen();
            }}
          >
            <BsArrowsFullscreen aria-hidden="true" />
          </button>
        )}
        {show && (
          <div
            className="zoom-lens"
            style={{ left: lens.x, top: lens.y, width: lens.size, height: lens.size }}
            aria-hidden="true"
          />
        )}
      </div>
      {show && (
        <div
          className="zoom-result"
          role="img"
          aria-label={t('Zoomed view of {{alt}}', { alt })}
          style={{
            backgroundImage: `url("${src}")`,
            backgroundSize: `${lens.width * ZOOM_FACTOR}px ${lens.height * ZOOM_FACTOR}px`,
            backgroundPosition: `-${lens.x * ZOOM_FACTOR}px -${lens.y * ZOOM_FACTOR}px`,
          }}
        />
      )}
    </div>
  );
}
