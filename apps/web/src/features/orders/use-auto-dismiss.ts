import { useEffect } from 'react';

/** Calls `dismiss` `ms` after `shown` turns on (and again after each new `key`). */
export function useAutoDismiss(shown: boolean, ms: number, dismiss: () => void, key?: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: key restarts the timer on purpose
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(dismiss, ms);
    return () => clearTimeout(timer);
  }, [shown, ms, key]);
}
