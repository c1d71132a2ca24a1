/** Auto-advance of the banner carousel (accounts-orders.md: every 6000 ms). */
export const BANNER_INTERVAL_MS = 6000;
