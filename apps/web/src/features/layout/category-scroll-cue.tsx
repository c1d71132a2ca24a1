import { type RefObject, useCallback, useEffect, useState } from 'react';
import { BsChevronLeft, BsChevronRight } from 'react-icons/bs';
import { useTranslation } from '../../i18n/use-translation';

interface Ends {
  moreStart: boolean;
  moreEnd: boolean;
}

/**
 * Whether the sideways strip hides tiles before or after what it shows (issue 24): a phone shows
 * four or five of the categories, and the fade and arrows say there are more.
 */
export function useScrollEnds(strip: RefObject<HTMLElement | null>, content: unknown) {
  const [ends, setEnds] = useState<Ends>({ moreStart: false, moreEnd: false });
  const update = useCallback((el: HTMLElement) => {
    // 2 px of slack: zoomed pages scroll by fractions of a pixel and never quite reach the end.
    const moreStart = el.scrollLeft > 2;
    const moreEnd = el.scrollLeft + el.clientWidth < el.scrollWidth - 2;
    setEnds((was) => (was.moreStart === moreStart && was.moreEnd === moreEnd ? was : { moreStart, moreEnd }));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new tiles mean a new strip to observe
  useEffect(() => {
    const el = strip.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // The observer reports once laid out (no forced layout in the first render), then on resizes.
    const observer = new ResizeObserver(() => update(el));
    observer.observe(el);
    return () => observer.disconnect();
  }, [strip, update, content]);
  return { ...ends, update };
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * A fade over one edge of the strip and a button that scrolls it by most of a screen. Both are
 * always in the page (hidden with visibility), so nothing moves when they appear. The buttons are
 * for pointers and touch; a keyboard reaches every tile with Tab, and a focused tile scrolls into view.
 */
export function ScrollCue({
  side,
  shown,
  strip,
}: {
  side: 'start' | 'end';
  shown: boolean;
  strip: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const Icon = side === 'start' ? BsChevronLeft : BsChevronRight;
  const scroll = () => {
    const el = strip.current;
    if (!el) return;
    const by = Math.max(80, el.clientWidth * 0.8) * (side === 'start' ? -1 : 1);
    el.scrollBy({ left: by, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };
  return (
    <div className={`category-cue category-cue-${side}${shown ? '' : ' invisible'}`}>
      <button
        type="button"
        className="category-cue-button btn btn-sm rounded-circle border shadow-sm bg-body text-body"
        tabIndex={-1}
        aria-label={side === 'start' ? t('Previous categories') : t('More categories')}
        onClick={scroll}
      >
        <Icon aria-hidden="true" />
      </button>
    </div>
  );
}
