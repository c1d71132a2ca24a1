import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatRsDot } from '../../lib/money';

/** True while `target` is out of the viewport (above or below it); false until first measured. */
export function useOutOfView(target: RefObject<HTMLElement | null>): boolean {
  const [outOfView, setOutOfView] = useState(false);
  useEffect(() => {
    const element = target.current;
    // Without IntersectionObserver the page's own button is the only one.
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => setOutOfView(!entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return outOfView;
}

interface Props {
  /** The page's own Add to Cart: the bar shows while it is out of view. */
  anchor: RefObject<HTMLElement | null>;
  title: string;
  selling: number;
  /** The Add to Cart button itself (the page's component, not a copy). */
  children: ReactNode;
}

/**
 * On a phone (below the lg breakpoint), the price and Add to Cart stay at the foot of the screen
 * while the page's own button is out of view. The page keeps room for it at the bottom
 * (`html.with-buy-bar`), so it never hides the last lines nor a focused control; toasts show at
 * the top.
 */
export function StickyBuyBar({ anchor, title, selling, children }: Props) {
  const { t } = useTranslation();
  const outOfView = useOutOfView(anchor);
  // The room is kept for as long as the page is open, so the bar coming and going moves nothing.
  useLayoutEffect(() => {
    document.documentElement.classList.add('with-buy-bar');
    return () => document.documentElement.classList.remove('with-buy-bar');
  }, []);
  if (!outOfView) return null;
  return (
    <section className="buy-bar d-lg-none" aria-label={t('Buy {{title}}', { title })}>
      <span className="buy-bar-price fs-5 fw-bold text-success-emphasis">{formatRsDot(selling)}</span>
      {children}
    </section>
  );
}
