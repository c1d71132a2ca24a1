import { type RefObject, useEffect } from 'react';

/** Space kept between the sticky header and whatever a scroll brings into view. */
export const SCROLL_GAP_PX = 8;

/**
 * Keeps the page's scroll padding as tall as the sticky header (plus a small gap), so that focus
 * moving by keyboard, or the skip link, never leaves its target under the header (WCAG 2.4.11
 * Focus Not Obscured). The header grows on narrow screens, where the search wraps to a second row.
 */
export function useScrollPaddingFor(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const header = ref.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    // The observer reports the header's size once it is laid out, and again when it changes; reading
    // offsetHeight here instead would force a layout of the whole page in the middle of its first render.
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? header.offsetHeight;
      root.style.setProperty('scroll-padding-top', `${Math.ceil(height) + SCROLL_GAP_PX}px`);
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-top');
    };
  }, [ref]);
}
