import { useEffect, useRef } from 'react';

interface Props {
  /** Whether there is more to load. */
  hasMore: boolean;
  loading: boolean;
  /** The last attempt failed: the button offers to try again and the observer waits for a click. */
  failed: boolean;
  onLoadMore(): void;
  /** What the list holds, for the button's name ("Load more products"). */
  noun?: string;
}

/** How far below the screen the next page starts loading, so scrolling rarely waits for it. */
const AHEAD = '800px 0px';

/**
 * The foot of an endless list: the next page loads as the shopper scrolls near it (an
 * IntersectionObserver), and a visible button does the same for keyboard, switch and screen-reader
 * users, or where the observer does not exist. The loading text is announced politely.
 */
export function LoadMore({ hasMore, loading, failed, onLoadMore, noun = 'products' }: Props) {
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
        {loading ? `Loading more ${noun}...` : failed ? `Could not load more ${noun}.` : ''}
      </output>
      <button
        type="button"
        className="btn btn-outline-success"
        onClick={() => !loading && onLoadMore()}
        aria-disabled={loading || undefined}
      >
        {failed ? 'Try again' : `Load more ${noun}`}
      </button>
    </div>
  );
}
