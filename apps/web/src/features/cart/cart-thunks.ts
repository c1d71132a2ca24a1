import type { Cart as ServerCart } from '@pasal/contract/cart';
import { onlyInStock, VOUCHER_MESSAGES } from '@pasal/contract/shop-texts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { msg, t } from '../../i18n/i18n';
import { unanswered } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { type AuthState, selectIsLoggedIn } from '../auth/auth-slice';
import {
  addToServerCart,
  applyVoucher,
  clearServerCart,
  fetchServerCart,
  refusalOf,
  removeFromServerCart,
  updateServerCart,
} from './cart-api';
import { type CartItem, type CartState, cartActions, type NewCartLine } from './cart-slice';
import { locallyInvalid, type PromoResult, promoFromServer } from './promo';

type State = { auth: AuthState; cart: CartState };
export type CartThunk<R = void> = ThunkAction<Promise<R>, State, unknown, UnknownAction>;

export const FETCH_FAILED = msg('Failed to fetch cart');
export const ADD_FAILED = msg('Failed to add item to cart.');
export const PROMO_FAILED = msg('Failed to apply promo code');
export const PROMO_NEEDS_LOGIN = msg('Please login to apply promo codes');

/** How a cart change ended; `capped` is how many went in when the visitor's cart had less room. */
export type ChangeOutcome =
  | { ok: true; capped?: number }
  | {
      ok: false;
      kind: 'stock' | 'refused' | 'failed';
      message: string;
      /** No answer, but the cart was read again since: it shows what the server holds. */
      reread?: boolean;
    };

const {
  changeFailed,
  fetchFailed,
  mergeLineAttempted,
  mergeLineSettled,
  promoApplied,
  promoApplyStarted,
  promoFailed,
  requestStarted,
  serverCartReceived,
} = cartActions;

/** The customer whose server cart this is, or null for a visitor's local cart. */
const customerOf = (state: State) => (selectIsLoggedIn(state) ? state.cart.owner : null);

function failure(error: unknown, fallback: string): ChangeOutcome {
  const refusal = refusalOf(error);
  if (
    refusal?.available_quantity !== undefined &&
    refusal.message === onlyInStock(refusal.available_quantity)
  )
    return { ok: false, kind: 'stock', message: refusal.message };
  if (refusal?.message) return { ok: false, kind: 'refused', message: refusal.message };
  return { ok: false, kind: 'failed', message: fallback };
}

/**
 * Runs one server change for the customer and puts the server's cart in place of the local one.
 * An answer that arrives after logout (or for another customer) is dropped. A change that got no
 * answer may still have been made: the cart is read again, so the badge and the lines show what
 * the server holds before the shopper's next tap (the read's own failure leaves the cart as it was).
 * When that read shows the change made (`landed`), only its answer was lost: it succeeded.
 */
function serverChange(
  send: () => ReturnType<typeof fetchServerCart>,
  fallback: string,
  received: typeof serverCartReceived = serverCartReceived,
  landed?: (cart: ServerCart | null) => boolean,
): CartThunk<ChangeOutcome> {
  return async (dispatch, getState) => {
    const owner = customerOf(getState());
    dispatch(requestStarted());
    try {
      const cart = await send();
      if (getState().cart.owner === owner) dispatch(received({ cart }));
      return { ok: true };
    } catch (error) {
      let reread = false;
      if (unanswered(error) && owner) {
        try {
          const cart = await fetchServerCart();
          reread = true;
          if (getState().cart.owner === owner) dispatch(serverCartReceived({ cart }));
          if (landed?.(cart)) return { ok: true };
        } catch {
          // Still no line: the cart stays as last shown.
        }
      }
      if (getState().cart.owner === owner) dispatch(changeFailed());
      const outcome = failure(error, fallback);
      return reread && !outcome.ok ? { ...outcome, reread } : outcome;
    }
  };
}

/** GET /cart/ for a customer; the local cart becomes the server's. */
export const fetchCart = (): CartThunk => async (dispatch, getState) => {
  const owner = customerOf(getState());
  if (!owner) return;
  dispatch(requestStarted());
  try {
    const cart = await fetchServerCart();
    forgetUnansweredAdds(owner);
    if (getState().cart.owner === owner) dispatch(serverCartReceived({ cart }));
  } catch {
    if (getState().cart.owner === owner) dispatch(fetchFailed({ message: FETCH_FAILED }));
  }
};

/** Offline, a customer's change is made on the phone and kept to be sent (offline-cart.ts). */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Adds that got no answer and whose fate the cart could not be read for (the line still down), by
 * customer and product: the quantity the line would have had with the add (`target`), and when.
 * The shopper was told "Failed to add item to cart.", so an Add To Cart of that product soon after
 * asks again for the same thing: the cart is read first, and if it holds the add already, that is
 * the answer (a plain `/cart/add/` would put a second one in). Nothing is ever set from the phone's
 * own view of the cart. Any later cart read forgets them: the shopper has seen the truth.
 */
const unansweredAdds = new Map<string, { target: number; at: number }>();
const RETRY_WITHIN_MS = 2 * 60_000;
const addKey = (owner: string, product: number) => `${owner}:${product}`;

/** The shopper's own change of the line (or Clear Cart), or a cart read, settles what was unknown. */
function forgetUnansweredAdds(owner: string | null, product?: number) {
  if (!owner) return;
  if (product !== undefined) unansweredAdds.delete(addKey(owner, product));
  else for (const key of unansweredAdds.keys()) if (key.startsWith(`${owner}:`)) unansweredAdds.delete(key);
}

const customerAdd =
  (owner: string, product: number, quantity: number): CartThunk<ChangeOutcome> =>
  async (dispatch, getState) => {
    const key = addKey(owner, product);
    const earlier = unansweredAdds.get(key);
    unansweredAdds.delete(key);
    if (earlier && Date.now() - earlier.at < RETRY_WITHIN_MS) {
      try {
        const cart = await fetchServerCart();
        if (getState().cart.owner === owner) dispatch(serverCartReceived({ cart }));
        // The first add did land; only its answer was lost.
        if (quantityIn(cart, product) >= earlier.target) return { ok: true };
      } catch {
        // Still no line: the add below will most likely fail the same way, and is kept for later.
      }
    }
    const target = (getState().cart.items.find((i) => i.product === product)?.quantity ?? 0) + quantity;
    const outcome = await dispatch(
      serverChange(
        () => addToServerCart([{ product, quantity }]),
        ADD_FAILED,
        serverCartReceived,
        (cart) => quantityIn(cart, product) >= target,
      ),
    );
    if (!outcome.ok && outcome.kind === 'failed' && !outcome.reread)
      unansweredAdds.set(key, { target, at: Date.now() });
    return outcome;
  };

/** Adds `quantity` of a product: the server's cart for a customer, the local cart for a visitor. */
export const addLine =
  (line: NewCartLine, quantity: number): CartThunk<ChangeOutcome> =>
  async (dispatch, getState) => {
    if (customerOf(getState()) && offline()) {
      forgetUnansweredAdds(customerOf(getState()), line.product);
      dispatch(cartActions.itemAdded({ line, quantity }));
      return dispatch(queueOffline(line.product));
    }
    const owner = customerOf(getState());
    if (owner) return dispatch(customerAdd(owner, line.product, quantity));
    // A visitor's cart caps the line at the stock seen on the product: say so when it does.
    const stock = line.stock ?? Number.POSITIVE_INFINITY;
    const inCart = getState().cart.items.find((i) => i.product === line.product)?.quantity ?? 0;
    const room = Math.max(0, stock - inCart);
    if (room === 0) return { ok: false, kind: 'stock', message: onlyInStock(stock) };
    dispatch(cartActions.itemAdded({ line, quantity: Math.min(quantity, room) }));
    return quantity > room ? { ok: true, capped: room } : { ok: true };
  };

export const changeQuantity =
  (product: number, quantity: number): CartThunk<ChangeOutcome> =>
  async (dispatch, getState) => {
    if (quantity < 1) return { ok: true }; // minus does nothing at 1
    forgetUnansweredAdds(customerOf(getState()), product);
    if (customerOf(getState()) && offline()) {
      dispatch(cartActions.quantityChanged({ product, quantity }));
      return dispatch(queueOffline(product));
    }
    if (customerOf(getState()))
      return dispatch(serverChange(() => updateServerCart([{ product, quantity }]), FETCH_FAILED));
    dispatch(cartActions.quantityChanged({ product, quantity }));
    return { ok: true };
  };

export const removeLine =
  (product: number): CartThunk<ChangeOutcome> =>
  async (dispatch, getState) => {
    forgetUnansweredAdds(customerOf(getState()), product);
    if (customerOf(getState()) && offline()) {
      const line = getState().cart.items.find((i) => i.product === product);
      dispatch(cartActions.itemRemoved({ product }));
      if (line)
        dispatch(
          cartActions.offlineChangeQueued({ product, quantity: 0, title: line.title, rate: line.rate }),
        );
      return { ok: true };
    }
    if (customerOf(getState()))
      return dispatch(serverChange(() => removeFromServerCart(product), FETCH_FAILED));
    dispatch(cartActions.itemRemoved({ product }));
    return { ok: true };
  };

export const clearCart = (): CartThunk<ChangeOutcome> => async (dispatch, getState) => {
  forgetUnansweredAdds(customerOf(getState()));
  if (customerOf(getState())) return dispatch(serverChange(clearServerCart, FETCH_FAILED));
  dispatch(cartActions.cleared());
  return { ok: true };
};

/**
 * Undo of Clear Cart: the lines come back as they were (a customer's in one all-or-nothing add,
 * so a line that ran out meanwhile is said and nothing half comes back).
 */
export const restoreLines =
  (items: CartItem[]): CartThunk<ChangeOutcome> =>
  async (dispatch, getState) => {
    if (items.length === 0) return { ok: true };
    if (customerOf(getState()))
      return dispatch(
        serverChange(
          () =>
            addToServerCart(
              items
                .filter((i) => i.is_available !== false)
                .map((i) => ({ product: i.product, quantity: i.quantity })),
            ),
          ADD_FAILED,
        ),
      );
    for (const { quantity, subtotal: _subtotal, ...line } of items)
      dispatch(cartActions.itemAdded({ line, quantity }));
    return { ok: true };
  };

/** Keeps the line's quantity as it now stands on the phone, to be sent when the line returns. */
const queueOffline =
  (product: number): CartThunk<ChangeOutcome> =>
  async (dispatch, getState) => {
    const line = getState().cart.items.find((i) => i.product === product);
    if (line)
      dispatch(
        cartActions.offlineChangeQueued({
          product,
          quantity: line.quantity,
          title: line.title,
          rate: line.rate,
        }),
      );
    return { ok: true };
  };

let merging: { owner: string; done: Promise<void> } | null = null;

/**
 * The login merge (shopping.md §4): each visitor line is posted to the server cart, then the
 * server cart is fetched. A line leaves the queue as soon as it is posted (or refused), so a second
 * login, a reload or an interrupted merge never posts it twice; a line the network lost stays for
 * the next try. A quantity beyond the stock is capped there with the warning. With nothing to
 * merge it is simply the customer's cart fetch (at login and at every start of the app).
 */
export const syncCustomerCart = (): CartThunk => (dispatch, getState) => {
  const owner = customerOf(getState());
  if (!owner) return Promise.resolve();
  // Login twice (or start-up and login together): one merge, not two.
  if (merging?.owner === owner) return merging.done;
  const done = (merging?.done ?? Promise.resolve())
    .then(() => mergeInto(owner, dispatch, getState))
    .finally(() => {
      if (merging?.done === done) merging = null;
    });
  merging = { owner, done };
  return done;
};

type Dispatch = Parameters<CartThunk>[0];

const quantityIn = (cart: ServerCart | null, product: number) =>
  cart?.cart_products.find((l) => l.product === product)?.quantity ?? 0;

async function mergeInto(owner: string, dispatch: Dispatch, getState: () => State) {
  if (customerOf(getState()) !== owner) return;
  const stillOwner = () => getState().cart.owner === owner;
  const stop = () => {
    if (stillOwner()) dispatch(fetchFailed({ message: FETCH_FAILED }));
  };
  dispatch(requestStarted());
  // The server cart as it stands, to tell a line posted before an interruption (read only when
  // there are lines to merge).
  let server: ServerCart | null = null;
  if (getState().cart.pendingMerge.length > 0) {
    try {
      server = await fetchServerCart();
    } catch {
      return stop();
    }
  }
  for (;;) {
    if (!stillOwner()) return;
    const line = getState().cart.pendingMerge[0];
    if (!line) break;
    const have = quantityIn(server, line.product);
    // Posted before an interruption (the server holds what the post made): not again.
    if (line.expect === undefined || have < line.expect) {
      dispatch(mergeLineAttempted({ product: line.product, expect: have + line.quantity }));
      try {
        server = await addToServerCart([{ product: line.product, quantity: line.quantity }]);
      } catch (error) {
        if (!stillOwner()) return;
        const refusal = refusalOf(error);
        // Not answered (network, server down): the line stays queued for the next try.
        if (!refusal) return stop();
        const stock = refusal.available_quantity;
        const inStock = stock !== undefined && stock > 0 && refusal.message === onlyInStock(stock);
        // What the cart may hold of it in all: the stock, or a flash sale's limit less what the
        // customer already bought in it. The line is lowered to that rather than dropped.
        const cap = refusal.flash_sale_room ?? refusal.max_quantity ?? (inStock ? stock : undefined);
        if (cap !== undefined && cap > have) {
          const warning = refusal.message ?? onlyInStock(cap);
          try {
            server = await updateServerCart([{ product: line.product, quantity: cap }]);
            toast.warning(warning, { toastId: `merge-stock-${line.product}` });
          } catch (capError) {
            const capRefusal = refusalOf(capError);
            if (!capRefusal) return stop();
            toast.warning(capRefusal.message ?? warning);
          }
        } else {
          // Unknown, withdrawn or sold out: the server's message names it.
          toast.warning(refusal.message ?? `${line.title}: ${t(ADD_FAILED)}`);
        }
      }
    }
    if (!stillOwner()) return;
    dispatch(mergeLineSettled({ product: line.product }));
  }
  // Then the server cart is fetched and replaces the local one.
  try {
    const cart = await fetchServerCart();
    if (stillOwner()) dispatch(serverCartReceived({ cart }));
  } catch {
    stop();
  }
}

/** Promo: a visitor, a blank code and an impossible code are refused here; the server decides the rest. */
export const applyPromo =
  (input: string): CartThunk<PromoResult | null> =>
  async (dispatch, getState) => {
    const code = input.trim();
    const owner = customerOf(getState());
    if (!owner) {
      dispatch(promoFailed({ message: PROMO_NEEDS_LOGIN }));
      return null;
    }
    if (!code) {
      dispatch(promoFailed({ message: VOUCHER_MESSAGES.blank }));
      return null;
    }
    if (locallyInvalid(code)) {
      dispatch(promoFailed({ message: VOUCHER_MESSAGES.invalid }));
      return null;
    }
    if (getState().cart.promoLoading) return null;
    dispatch(promoApplyStarted());
    try {
      const res = await applyVoucher(code, getState().cart.totalAmount);
      if (getState().cart.owner !== owner) return null;
      if (res.data?.is_valid !== true || !res.data.voucher) {
        dispatch(promoFailed({ message: VOUCHER_MESSAGES.invalid }));
        return null;
      }
      dispatch(promoApplied({ promo: promoFromServer(res.data), discountAmount: res.data.discount_amount }));
      return getState().cart.promo;
    } catch (error) {
      if (getState().cart.owner !== owner) return null;
      const refusal = refusalOf(error);
      dispatch(promoFailed({ message: refusal?.message ?? refusal?.msg ?? PROMO_FAILED }));
      return null;
    }
  };
