import { useEffect } from 'react';

/** How long a page waits for the browser to leave for the wallet before it says it did not. */
export const WALLET_TIMEOUT_MS = 15_000;

/**
 * While `leaving` (the wallet form was posted or its page opened), calls `onTimeout` if the
 * browser is still on this page after WALLET_TIMEOUT_MS: the wallet was not reached (a blocked
 * form post, no network), and "Going to eSewa…" must not stay forever.
 */
export function useWalletTimeout(leaving: boolean, onTimeout: () => void) {
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(onTimeout, WALLET_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [leaving, onTimeout]);
}
