import type { CheckoutRequest } from '@pasal/contract/checkout';
import { useCallback, useRef, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { type CheckoutResponse, placeOrder, refusalOf } from './checkout-api';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { newIdempotencyKey } from './idempotency-key';
import { forgetPendingOrder, keepPendingOrder, type PendingOrder, readPendingOrder } from './pending-order';

export type PlaceOutcome =
  | { kind: 'placed'; order: CheckoutResponse }
  /** The server said no (its msg); `product` names a line short of stock. */
  | { kind: 'refused'; message: string; product?: number }
  /** No answer (network, server down): the next try sends the same key. */
  | { kind: 'failed'; message: string }
  /** No connection: nothing was ordered; the same order goes when the line returns. */
  | { kind: 'offline'; message: string }
  /** A request of this attempt is still on its way (a double click). */
  | { kind: 'busy' };

/**
 * Places the order with one Idempotency-Key per attempt. The key and the order are kept (in the
 * page and on the phone: pending-order.ts) until the server has answered for them, so a double
 * click, a retry after a network error or a reload can never place two orders: every try of the
 * attempt sends the same order with the same key, and the server answers a repeated key with the
 * first answer. An answer (order or refusal) ends the attempt; the next click is a new one. A 409
 * means the first request is still being processed: the same key asks again.
 */
export function usePlaceOrder() {
  const user = useAppSelector((s) => s.auth.user_id);
  const attempt = useRef<PendingOrder | null>(null);
  const inFlight = useRef(false);
  const sendAgain = useRef(false);
  const [placing, setPlacing] = useState(false);

  /** The attempt waiting for an answer (this page's, or one kept from before a reload). */
  const pending = useCallback((): PendingOrder | null => {
    if (attempt.current?.user === user) return attempt.current;
    attempt.current = user ? readPendingOrder(user) : null;
    return attempt.current;
  }, [user]);

  /** Sends `body`, or the order still waiting for an answer when there is one. */
  const place = useCallback(
    async (body: CheckoutRequest | null): Promise<PlaceOutcome> => {
      if (inFlight.current) {
        // The line came back (the page sends the waiting order again) while a try is still on its
        // way: that try, if it ends without an answer, sends once more instead of giving up.
        if (!body) sendAgain.current = true;
        return { kind: 'busy' };
      }
      let current = pending();
      if (!current) {
        if (!body || !user) return { kind: 'busy' };
        current = { key: newIdempotencyKey(), body, user, at: Date.now() };
        attempt.current = current;
        keepPendingOrder(current);
      }
      inFlight.current = true;
      setPlacing(true);
      const done = () => {
        attempt.current = null;
        forgetPendingOrder();
      };
      try {
        for (;;) {
          sendAgain.current = false;
          try {
            const order = await placeOrder(current.body, current.key);
            done();
            return { kind: 'placed', order };
          } catch (error) {
            const refusal = refusalOf(error);
            if (!refusal) {
              if (sendAgain.current && navigator.onLine) continue;
              if (!navigator.onLine) return { kind: 'offline', message: CHECKOUT_TEXTS.orderOffline };
              return { kind: 'failed', message: CHECKOUT_TEXTS.orderFailed };
            }
            if (refusal.status !== 409) done();
            return {
              kind: 'refused',
              message: refusal.message ?? CHECKOUT_TEXTS.orderFailed,
              product: refusal.product,
            };
          }
        }
      } finally {
        inFlight.current = false;
        setPlacing(false);
      }
    },
    [pending, user],
  );

  return { place, placing, pending };
}
