import type { CheckoutRequest } from '@pasal/contract/checkout';
import { useCallback, useRef, useState } from 'react';
import { type CheckoutResponse, placeOrder, refusalOf } from './checkout-api';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { newIdempotencyKey } from './idempotency-key';

export type PlaceOutcome =
  | { kind: 'placed'; order: CheckoutResponse }
  /** The server said no (its msg); `product` names a line short of stock. */
  | { kind: 'refused'; message: string; product?: number }
  /** No answer (network, server down): the next try sends the same key. */
  | { kind: 'failed'; message: string }
  /** A request of this attempt is still on its way (a double click). */
  | { kind: 'busy' };

/**
 * Places the order with one Idempotency-Key per attempt. The key is kept until the server has
 * answered for it, so a double click or a retry after a network error can never place two orders:
 * the server answers a repeated key with the first answer. An answer (order or refusal) ends the
 * attempt; the next click is a new one. A 409 means the first request is still being processed:
 * the same key asks again.
 */
export function usePlaceOrder() {
  const key = useRef<string | null>(null);
  const inFlight = useRef(false);
  const [placing, setPlacing] = useState(false);

  const place = useCallback(async (body: CheckoutRequest): Promise<PlaceOutcome> => {
    if (inFlight.current) return { kind: 'busy' };
    inFlight.current = true;
    setPlacing(true);
    key.current ??= newIdempotencyKey();
    try {
      const order = await placeOrder(body, key.current);
      key.current = null;
      return { kind: 'placed', order };
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) return { kind: 'failed', message: CHECKOUT_TEXTS.orderFailed };
      if (refusal.status !== 409) key.current = null;
      return {
        kind: 'refused',
        message: refusal.message ?? CHECKOUT_TEXTS.orderFailed,
        product: refusal.product,
      };
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  }, []);

  return { place, placing };
}
