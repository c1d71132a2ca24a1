import type { Cart as ServerCart } from '@pasal/contract/cart';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { linesTotalPaisa, toPaisa, toRupees } from '../../lib/money';
import { loggedIn, loggedOut } from '../auth/auth-slice';
import { belowMinimum, minimumMessage, type PromoResult, promoDiscountPaisa } from './promo';
import { cartItemsFromServer } from './server-cart';

// shopping.md §3 Cart item.
export interface CartProductDetail {
  id: number;
  title: string;
  nepali_title: string;
  description: string;
  short_description: string;
  marked_price: number;
  selling_price: number;
  primary_image: { image: string; thumbnail_image: string } | null;
}

export interface CartItem {
  id: number;
  product: number;
  quantity: number;
  rate: number;
  subtotal: number;
  selling_price: number;
  marked_price: number;
  title: string;
  category: string;
  image: string;
  short_description: string;
  product_detail: CartProductDetail;
  /** Not in the spec's list: the stock (for a visitor, as seen when adding), so plus stops there. */
  stock?: number;
  /** Not in the spec's list: for the line's link to its product. */
  slug?: string;
  /** The server's flag: false when the product ran out or is no longer sold; not in the total. */
  is_available?: boolean;
}

/** A visitor's line waiting to be posted to the customer's server cart after login. */
export interface PendingLine {
  product: number;
  quantity: number;
  title: string;
  /**
   * Set just before the line is posted: the server quantity the post makes. Found there after an
   * interruption (the answer was lost, the tab closed), the post happened and is not repeated.
   */
  expect?: number;
}

/**
 * A customer's cart change made offline: the line's new quantity (0: removed), sent when the
 * connection returns. A quantity, not a difference, so sending it twice changes nothing.
 */
export interface OfflineChange {
  product: number;
  quantity: number;
  title: string;
  /** The price the shopper saw, to tell them when the server's is different. */
  rate: number;
}

// shopping.md §3 Cart (client state), money in rupees, plus what the server cart needs.
export interface CartState {
  items: CartItem[];
  totalItems: number;
  totalAmount: number;
  promoCode: string | null;
  discountAmount: number;
  finalAmount: number;
  isLoading: boolean;
  error: string | null;
  promoLoading: boolean;
  promoError: string | null;
  /** The applied promo's terms (shopping.md §3 Promo result), to check it again when the cart changes. */
  promo: PromoResult | null;
  /** Whose cart the items are: null for the visitor's local cart, else the customer's user id. */
  owner: string | null;
  /** Visitor lines not yet posted to the server cart; each leaves once posted (login merge). */
  pendingMerge: PendingLine[];
  /** The customer's changes made offline, not yet sent (decision 048). */
  offlineChanges: OfflineChange[];
}

export const initialCartState: CartState = {
  items: [],
  totalItems: 0,
  totalAmount: 0,
  promoCode: null,
  discountAmount: 0,
  finalAmount: 0,
  isLoading: false,
  error: null,
  promoLoading: false,
  promoError: null,
  promo: null,
  owner: null,
  pendingMerge: [],
  offlineChanges: [],
};

/** The line as a product card or detail page describes it; quantity and subtotal are the cart's business. */
export type NewCartLine = Omit<CartItem, 'quantity' | 'subtotal'>;

/** Lines the server would not sell now are shown but not counted (as the server's total does). */
const counted = (item: CartItem) => item.is_available !== false;

function clearPromo(state: CartState) {
  state.promo = null;
  state.promoCode = null;
  state.discountAmount = 0;
  state.promoError = null;
}

/** Totals in paisa; an applied promo is checked against the new total and dropped below its minimum. */
function recompute(state: CartState) {
  for (const item of state.items) item.subtotal = toRupees(toPaisa(item.rate) * item.quantity);
  state.totalItems = state.items.reduce((n, i) => n + i.quantity, 0);
  const totalPaisa = linesTotalPaisa(state.items.filter(counted));
  state.totalAmount = toRupees(totalPaisa);
  let discountPaisa = 0;
  if (state.promo) {
    if (belowMinimum(state.promo, totalPaisa)) {
      const message = minimumMessage(state.promo);
      clearPromo(state);
      state.promoError = message;
    } else {
      discountPaisa = promoDiscountPaisa(state.promo, totalPaisa);
    }
  }
  state.discountAmount = toRupees(discountPaisa);
  state.finalAmount = toRupees(Math.max(0, totalPaisa - discountPaisa));
}

const limit = (quantity: number, stock: number | undefined) =>
  stock === undefined ? quantity : Math.min(quantity, stock);

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    // The visitor's local cart.
    itemAdded(state, action: PayloadAction<{ line: NewCartLine; quantity: number }>) {
      const { line, quantity } = action.payload;
      if (quantity < 1 || (line.stock !== undefined && line.stock <= 0)) return;
      const existing = state.items.find((i) => i.product === line.product);
      if (existing) {
        existing.stock = line.stock ?? existing.stock;
        existing.quantity = limit(existing.quantity + quantity, existing.stock);
      } else {
        state.items.push({ ...line, quantity: limit(quantity, line.stock), subtotal: 0 });
      }
      recompute(state);
    },
    quantityChanged(state, action: PayloadAction<{ product: number; quantity: number }>) {
      const item = state.items.find((i) => i.product === action.payload.product);
      if (!item) return;
      item.quantity = Math.max(1, limit(action.payload.quantity, item.stock));
      recompute(state);
    },
    itemRemoved(state, action: PayloadAction<{ product: number }>) {
      state.items = state.items.filter((i) => i.product !== action.payload.product);
      recompute(state);
    },
    cleared(state) {
      state.items = [];
      clearPromo(state);
      recompute(state);
    },

    // The customer's server cart: every change is a request, and its answer replaces the items.
    requestStarted(state) {
      state.isLoading = true;
      state.error = null;
    },
    serverCartReceived(state, action: PayloadAction<{ cart: ServerCart | null }>) {
      // An answer that lands after logout belongs to nobody here any more.
      if (state.owner === null) return;
      state.items = cartItemsFromServer(action.payload.cart);
      state.isLoading = false;
      state.error = null;
      recompute(state);
    },
    fetchFailed(state, action: PayloadAction<{ message: string }>) {
      state.isLoading = false;
      state.error = action.payload.message;
    },
    /** A change the server refused (its message goes to a toast); the cart stays as it was. */
    changeFailed(state) {
      state.isLoading = false;
    },
    /** The login merge is about to post this visitor line; `expect` is what the server will then hold. */
    mergeLineAttempted(state, action: PayloadAction<{ product: number; expect: number }>) {
      const line = state.pendingMerge.find((l) => l.product === action.payload.product);
      if (line) line.expect = action.payload.expect;
    },
    /** The login merge posted (or gave up on) this visitor line: it must never be posted again. */
    mergeLineSettled(state, action: PayloadAction<{ product: number }>) {
      const at = state.pendingMerge.findIndex((l) => l.product === action.payload.product);
      if (at >= 0) state.pendingMerge.splice(at, 1);
    },

    /** A customer's change made offline: kept (the last one per line) until it is sent. */
    offlineChangeQueued(state, action: PayloadAction<OfflineChange>) {
      const changes = (state.offlineChanges ?? []).filter((c) => c.product !== action.payload.product);
      changes.push(action.payload);
      state.offlineChanges = changes;
    },
    /** The server answered for this offline change (took it, capped it or refused it). */
    offlineChangeSent(state, action: PayloadAction<{ product: number }>) {
      state.offlineChanges = (state.offlineChanges ?? []).filter((c) => c.product !== action.payload.product);
    },

    // Promo (shopping.md §4): input → applying → applied or failed.
    promoApplyStarted(state) {
      state.promoLoading = true;
      state.promoError = null;
    },
    promoApplied(state, action: PayloadAction<{ promo: PromoResult; discountAmount: number }>) {
      const { promo, discountAmount } = action.payload;
      state.promoLoading = false;
      const totalPaisa = toPaisa(state.totalAmount);
      // The minimum is enforced on the client too (shopping.md §5).
      if (belowMinimum(promo, totalPaisa)) {
        state.promoError = minimumMessage(promo);
        return;
      }
      state.promo = promo;
      state.promoCode = promo.code;
      state.promoError = null;
      // The server's discount for the cart it saw; later cart changes recompute it the same way.
      const discountPaisa = Math.min(toPaisa(discountAmount), totalPaisa);
      state.discountAmount = toRupees(discountPaisa);
      state.finalAmount = toRupees(totalPaisa - discountPaisa);
    },
    promoFailed(state, action: PayloadAction<{ message: string }>) {
      state.promoLoading = false;
      state.promoError = action.payload.message;
    },
    promoRemoved(state) {
      clearPromo(state);
      recompute(state);
    },
    promoErrorCleared(state) {
      state.promoError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedIn, (state, action) => {
        const user = String(action.payload.user_id);
        if (state.owner === user) return; // logged in again: the lines are already the server's
        if (state.owner === null) {
          // The visitor's lines wait to be posted to the server cart; they stay on show until
          // the server's cart replaces them.
          for (const item of state.items) {
            state.pendingMerge.push({ product: item.product, quantity: item.quantity, title: item.title });
          }
          state.owner = user;
          clearPromo(state);
          return;
        }
        // Another customer's cart is still here (no logout in between): none of it is this one's.
        return { ...initialCartState, owner: user };
      })
      // Logout and session expiry keep nothing of the customer's cart; the visitor starts empty.
      .addCase(loggedOut, () => initialCartState);
  },
});

export const cartActions = cartSlice.actions;

type WithCart = { cart: CartState };
export const selectCart = (state: WithCart) => state.cart;
export const selectCartCount = (state: WithCart) => state.cart.totalItems;
export const selectCartQuantity = (product: number) => (state: WithCart) =>
  state.cart.items.find((i) => i.product === product)?.quantity ?? 0;
/** True while a cart request runs or visitor lines wait to be merged: changes would race them. */
export const selectCartBusy = (state: WithCart) => state.cart.isLoading || state.cart.pendingMerge.length > 0;
