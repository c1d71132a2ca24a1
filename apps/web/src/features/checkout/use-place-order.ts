import { type CheckoutRequest, KEY_IN_PROGRESS, KEY_REUSED } from '@pasal/contract/checkout';
import { useCallback, useRef, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { type CheckoutResponse, placeOrder, refusalOf } from './checkout-api';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { newIdempotencyKey } from './idempotency-key';
import { forgetPendingOrder, keepPendingOrder, type PendingOrder, readPendingOrder } from './pending-order';

export type PlaceOutcome =
  | { kind: 'placed'; order: CheckoutResponse }
  /**
   * A try that had no answer had placed the order as it was then; what the page shows now was
   * not ordered (the shopper decides whether to place it too).
   */
  | { kind: 'placed-earlier'; order: CheckoutResponse }
  /**
   * The server said no (its msg); `product` names a line short of stock, `changed` the lines
   * whose price is not the one shown.
   */
  | {
      kind: 'refused';
      message: string;
      product?: number;
      changed?: { product: number; price: number }[];
      promoRefused?: boolean;
    }
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
 * attempt sends the same key, and the server answers a repeated key with the first answer.
 *
 * A try sends the order the page shows. If the shopper changed it after a try that had no answer,
 * the new version goes with the same key: the server places it if the earlier try never arrived,
 * and refuses it (KEY_REUSED) if it took the earlier one; that one is then asked for its answer.
 * An answer (order or refusal) ends the attempt, except the 409 of a first request still being
 * processed (KEY_IN_PROGRESS), which the same key asks again. Other 409s (a full slot) end it
 * like any refusal, so the next tap can carry the shopper's new choice.
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

  /** Sends `body` (the order the page shows), or with null the order waiting for an answer. */
  const place = useCallback(
    async (body: CheckoutRequest | null): Promise<PlaceOutcome> => {
      if (inFlight.current) {
        // The line came back (the page sends the waiting order again) while a try is still on its
        // way: that try, if it ends without an answer, sends once more instead of giving up.
        if (!body) sendAgain.current = true;
        return { kind: 'busy' };
      }
      let current = pending();
      if (current && body && !sameOrder(current.body, body)) {
        current = { ...current, body, earlier: [...(current.earlier ?? []), current.body] };
        attempt.current = current;
        keepPendingOrder(current);
      }
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
      const keep = (next: PendingOrder) => {
        current = next;
        attempt.current = next;
        keepPendingOrder(next);
      };
      /** The version the page shows, when an earlier one was asked for its answer. */
      let shown: CheckoutRequest | null = null;
      try {
        for (;;) {
          sendAgain.current = false;
          try {
            const order = await placeOrder(current.body, current.key);
            done();
            return shown ? { kind: 'placed-earlier', order } : { kind: 'placed', order };
          } catch (error) {
            const refusal = refusalOf(error);
            // No answer of the shop's: the network, a timeout, or a proxy's 4xx without our
            // message (a 408 or 429 before the shop). Whether anything was placed is unknown, so
            // the attempt and its key stay for the next try.
            if (!refusal?.message) {
              if (sendAgain.current && navigator.onLine) continue;
              const latest = shown
                ? { ...current, body: shown, earlier: [...(current.earlier ?? []), current.body] }
                : current;
              keep({ ...latest, offline: !navigator.onLine });
              if (!navigator.onLine) return { kind: 'offline', message: CHECKOUT_TEXTS.orderOffline };
              return { kind: 'failed', message: CHECKOUT_TEXTS.orderFailed };
            }
            const earlier = current.earlier ?? [];
            if (refusal.status === 422 && refusal.message === KEY_REUSED && earlier.length > 0) {
              // The server took an earlier version under this key: its answer is that one's.
              shown ??= current.body;
              keep({ ...current, body: earlier[earlier.length - 1], earlier: earlier.slice(0, -1) });
              continue;
            }
            if (refusal.status === 409 && refusal.message === KEY_IN_PROGRESS) {
              return { kind: 'refused', message: refusal.message };
            }
            done();
            if (shown) {
              // The earlier version was refused: nothing was ordered, so the order shown goes now
              // as a new attempt.
              keep({ key: newIdempotencyKey(), body: shown, user: current.user, at: Date.now() });
              shown = null;
              continue;
            }
            return {
              kind: 'refused',
              message: refusal.message,
              product: refusal.product,
              changed: refusal.changed,
              promoRefused: refusal.promoRefused,
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

/** The same order: the page builds its body the same way each time, so the text compares. */
function sameOrder(a: CheckoutRequest, b: CheckoutRequest): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
