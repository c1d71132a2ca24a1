import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `first` at once, then `step` more per task until all
 * are in. A long page (home's rows: some 1,900 elements) then commits in several short tasks
 * instead of one long one that holds up a phone's first taps (Total Blocking Time). The rows come
 * in below the first screen, a few milliseconds apart.
 */
export function useStaggeredCount(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    // A task of its own, after the browser has drawn what is there.
    const timer = window.setTimeout(() => startTransition(() => setShown((n) => n + step)), 0);
    return () => window.clearTimeout(timer);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
