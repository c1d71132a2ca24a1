import { useEffect, useRef } from 'react';
import { msg } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';

interface Props {
  /** Whether there is more to load. */
  hasMore: boolean;
  loading: boolean;
  /** The last attempt failed: the button offers to try again and the observer waits for a click. */
  failed: boolean;
  onLoadMore(): void;
  /** What the list holds, for the button's name ("Load more products"): 'products' or 'orders'. */
  noun?: 'products' | 'orders';
}

/** How far below the screen the next page starts loading, so scrolling rarely waits for it. */
const AHEAD = '800px 0px';

const LOADING = { products: msg('Loading more products...'), orders: msg('Loading more orders...') };
const FAILED = { products: msg('Could not load more products.'), orders: msg('Could not load more orders.') };
const MORE = { products: msg('Load more products'), orders: msg('Load more orders') };

/**
 * The foot of an endless list: the next page loads as the shopper scrolls near it (an
 * IntersectionObserver), and a visible button does the same for keyboard, switch and screen-reader
 * users, or where the observer does not exist. The loading text is announced politely.
 */
export function LoadMore({ hasMore, loading, failed, onLoadMore, noun = 'products' }: Props) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || failed || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load.current();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, failed]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="load-more d-flex flex-column align-items-center gap-2 py-3">
      <output className="small" aria-live="polite">
        {loading ? t(LOADING[noun]) : failed ? t(FAILED[noun]) : ''}
      </output>
      <button
        type="button"
        className="btn btn-outline-success"
        onClick={() => !loading && onLoadMore()}
        aria-disabled={loading || undefined}
      >
        {failed ? t('Try again') : t(MORE[noun])}
      </button>
    </div>
  );
}
