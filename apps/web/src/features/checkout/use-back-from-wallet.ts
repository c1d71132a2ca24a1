import { useEffect } from 'react';

/**
 * Calls `reset` when the browser brings this page back from its back-forward cache (the shopper
 * pressed Back at the wallet): a "Going to eSewa…" state must not stay on a page that stayed.
 */
export function useBackFromWallet(reset: () => void) {
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
}
