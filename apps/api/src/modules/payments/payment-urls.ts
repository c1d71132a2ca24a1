import type { PAYMENT_RETURN_RESULTS } from '@pasal/contract/payments';

/** Where the wallets send the browser back (GET handlers in payments-routes.ts). */
export const RETURN_PATHS = {
  esewaSuccess: '/api/ecommerce/payments/esewa/return',
  esewaFailure: '/api/ecommerce/payments/esewa/failure',
  khalti: '/api/ecommerce/payments/khalti/return',
} as const;

/** The storefront page that shows the outcome; it reads the real state from the status endpoint. */
export const STOREFRONT_RETURN_PATH = '/payment/return';

export type ReturnResult = (typeof PAYMENT_RETURN_RESULTS)[number];

/** base: PUBLIC_URL, or outside production where the shopper reached the shop (browser-base.ts). */
export function returnUrls(base: string, reference: string) {
  return {
    esewaSuccess: `${base}${RETURN_PATHS.esewaSuccess}`,
    // eSewa appends its own query to the URLs it is given, so the reference travels in the path.
    esewaFailure: `${base}${RETURN_PATHS.esewaFailure}/${encodeURIComponent(reference)}`,
    khalti: `${base}${RETURN_PATHS.khalti}`,
    website: base,
  };
}

/** A relative URL, so the browser stays on the origin it came back to. */
export function storefrontReturnUrl(orderId: number | undefined, result: ReturnResult): string {
  const params = new URLSearchParams();
  if (orderId !== undefined) params.set('order', String(orderId));
  params.set('status', result);
  return `${STOREFRONT_RETURN_PATH}?${params}`;
}
