import type { CheckoutRequest } from '@pasal/contract/checkout';

// The order being placed, with its Idempotency-Key, kept on the phone until the server answers
// for it: a reload or a dropped line between the tap and the answer sends the same order with the
// same key again, so it can be placed once at most (decision 048).

const KEY = 'pasal-pending-order';
// The server keeps a key's answer for 24 hours (apps/api/src/modules/checkout/idempotency.ts);
// past that a resend could place the order a second time, so an older one is forgotten.
const MAX_AGE_MS = 20 * 3_600_000;

export interface PendingOrder {
  key: string;
  /** The order as the page showed it at the last tap. */
  body: CheckoutRequest;
  /**
   * Earlier versions sent with this key with no answer (the shopper changed the order between
   * taps): the server may have taken one of them, and answers it only to that body.
   */
  earlier?: CheckoutRequest[];
  /** Tapped while offline: it goes by itself once the connection returns (decision 048). */
  offline?: boolean;
  /** The customer it is for: never sent for anyone else. */
  user: string;
  at: number;
}

export function readPendingOrder(user: string): PendingOrder | null {
  try {
    const pending = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as PendingOrder | null;
    if (!pending || pending.user !== user || typeof pending.key !== 'string') return null;
    if (Date.now() - pending.at > MAX_AGE_MS) {
      window.localStorage.removeItem(KEY);
      return null;
    }
    return pending;
  } catch {
    return null;
  }
}

export function keepPendingOrder(pending: PendingOrder): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Without storage the key still lives in memory for this page (use-place-order.ts).
  }
}

export function forgetPendingOrder(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
