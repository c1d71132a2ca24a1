import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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
  /** Not in the spec's list: the stock seen when adding, so the local cart can respect it. */
  stock?: number;
}

// shopping.md §3 Cart (client state).
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
};

/** The line as a product card or detail page describes it; quantity and subtotal are the cart's business. */
export type NewCartLine = Omit<CartItem, 'quantity' | 'subtotal'>;

const round2 = (n: number) => Math.round(n * 100) / 100;

function recompute(state: CartState) {
  for (const item of state.items) item.subtotal = round2(item.rate * item.quantity);
  state.totalItems = state.items.reduce((n, i) => n + i.quantity, 0);
  state.totalAmount = round2(state.items.reduce((sum, i) => sum + i.rate * i.quantity, 0));
  state.finalAmount = Math.max(0, round2(state.totalAmount - state.discountAmount));
}

const limit = (quantity: number, stock: number | undefined) =>
  stock === undefined ? quantity : Math.min(quantity, stock);

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
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
      state.promoCode = null;
      state.discountAmount = 0;
      state.promoError = null;
      recompute(state);
    },
    // Buy now: the cart becomes this one line, without a promo (shopping.md §4).
    buyNowSet(state, action: PayloadAction<{ line: NewCartLine; quantity: number }>) {
      const { line, quantity } = action.payload;
      state.items = [{ ...line, quantity: Math.max(1, limit(quantity, line.stock)), subtotal: 0 }];
      state.promoCode = null;
      state.discountAmount = 0;
      state.promoError = null;
      recompute(state);
    },
  },
});

export const cartActions = cartSlice.actions;

type WithCart = { cart: CartState };
export const selectCart = (state: WithCart) => state.cart;
export const selectCartCount = (state: WithCart) => state.cart.totalItems;
