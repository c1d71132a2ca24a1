import { type RefObject, useEffect } from 'react';

/** Where the header gives way to the page while the shopper scrolls down (phones). */
export const HIDE_ON_SCROLL_QUERY = '(max-width: 575.98px)';
/** Scrolls smaller than this (a finger's jitter) do not move the header. */
const JITTER_PX = 6;

/**
 * On a phone the sticky header slides away while the page scrolls down and comes back as soon as
 * it scrolls up (issue 24), so it takes a line of the screen only when wanted. It moves by a
 * transform, so nothing else moves (no layout shift), and it stays while anything in it has focus
 * (typing a search, keyboard use) or the cart count changes (the fly-to-cart lands on its icon).
 */
export function useHideOnScroll(ref: RefObject<HTMLElement | null>, showWhenChanged: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the trigger is the change itself
  useEffect(() => {
    const header = ref.current;
    if (header) header.classList.remove('site-header-hidden');
  }, [ref, showWhenChanged]);

  useEffect(() => {
    const header = ref.current;
    if (!header || typeof window.matchMedia !== 'function') return;
    const phone = window.matchMedia(HIDE_ON_SCROLL_QUERY);
    // Read in the next frame, not now: reading the scroll position here would force the whole
    // first screen's layout inside React's commit, one long task on a slow phone.
    let lastY = 0;
    let frame = requestAnimationFrame(() => {
      frame = 0;
      lastY = window.scrollY;
    });
    const show = () => header.classList.remove('site-header-hidden');
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        if (!phone.matches || y <= header.offsetHeight || header.contains(document.activeElement)) show();
        else if (y > lastY + JITTER_PX) header.classList.add('site-header-hidden');
        else if (y < lastY - JITTER_PX) show();
        else return;
        lastY = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    header.addEventListener('focusin', show);
    return () => {
      window.removeEventListener('scroll', onScroll);
      header.removeEventListener('focusin', show);
      cancelAnimationFrame(frame);
      show();
    };
  }, [ref]);
}
