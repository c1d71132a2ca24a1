import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedIn, loggedOut } from '../auth/auth-slice';

// shopping.md §3 Wishlist: the product fields a wishlist shows.
export interface WishlistProduct {
  id: number;
  title: string;
  selling_price: number;
  image: string;
  description: string;
  short_description: string;
  marked_price: number;
  average_rating: number;
  rating_count: number;
  price: number;
  /** Not in the spec's list: for the card's link, Buy Now and the cart icon. */
  slug?: string;
  total_available_quantity?: number;
}

/** A server entry: its own id (what removal takes) and the product's id. */
export interface WishlistEntry {
  id: number;
  product: number;
}

export interface WishlistState {
  items: WishlistProduct[];
  apiItems: WishlistEntry[];
  /** An add or a removal is running: hearts are dimmed and another change is blocked. */
  loading: boolean;
  /** The list failed to load (the screen's error view). */
  error: string | null;
  /** Not in the spec's list: the list itself is loading (the screen's loading view). */
  fetching: boolean;
}

export const initialWishlistState: WishlistState = {
  items: [],
  apiItems: [],
  loading: false,
  error: null,
  fetching: false,
};

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: initialWishlistState,
  reducers: {
    fetchStarted(state) {
      state.fetching = true;
      state.error = null;
    },
    loaded(state, action: PayloadAction<{ items: WishlistProduct[]; apiItems: WishlistEntry[] }>) {
      state.items = action.payload.items;
      state.apiItems = action.payload.apiItems;
      state.fetching = false;
      state.error = null;
    },
    fetchFailed(state, action: PayloadAction<{ message: string }>) {
      state.fetching = false;
      state.error = action.payload.message;
    },
    requestStarted(state) {
      state.loading = true;
    },
    requestFailed(state) {
      state.loading = false;
    },
    // Only after the server said yes (shopping.md §4 Wishlist toggle).
    itemAdded(state, action: PayloadAction<{ product: WishlistProduct; entryId: number }>) {
      const { product, entryId } = action.payload;
      state.loading = false;
      if (!state.items.some((p) => p.id === product.id)) state.items.unshift(product);
      state.apiItems = state.apiItems.filter((e) => e.product !== product.id);
      state.apiItems.unshift({ id: entryId, product: product.id });
    },
    itemRemoved(state, action: PayloadAction<{ productId: number }>) {
      state.loading = false;
      state.items = state.items.filter((p) => p.id !== action.payload.productId);
      state.apiItems = state.apiItems.filter((e) => e.product !== action.payload.productId);
    },
  },
  // The wishlist belongs to the account: logout and session expiry both dispatch loggedOut, and a
  // new login starts from the server's list.
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialWishlistState).addCase(loggedIn, () => initialWishlistState);
  },
});

export const wishlistActions = wishlistSlice.actions;

type WithWishlist = { wishlist: WishlistState };
export const selectWishlist = (state: WithWishlist) => state.wishlist;
export const selectWishlistCount = (state: WithWishlist) => state.wishlist.items.length;
export const selectWishlistLoading = (state: WithWishlist) => state.wishlist.loading;
export const selectIsWishlisted = (productId: number) => (state: WithWishlist) =>
  state.wishlist.items.some((p) => p.id === productId);
