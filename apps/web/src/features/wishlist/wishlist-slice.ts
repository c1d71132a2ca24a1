import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/auth-slice';

// shopping.md §3 Wishlist. The server wishlist arrives in a later issue; the shape is ready for it.
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
  slug?: string;
}

export interface WishlistEntry {
  id: number;
  product: number;
}

export interface WishlistState {
  items: WishlistProduct[];
  apiItems: WishlistEntry[];
  loading: boolean;
  error: string | null;
}

const initialState: WishlistState = { items: [], apiItems: [], loading: false, error: null };

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    loaded(state, action: PayloadAction<{ items: WishlistProduct[]; apiItems: WishlistEntry[] }>) {
      state.items = action.payload.items;
      state.apiItems = action.payload.apiItems;
      state.loading = false;
      state.error = null;
    },
    requestStarted(state) {
      state.loading = true;
      state.error = null;
    },
    requestFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    itemAdded(state, action: PayloadAction<{ product: WishlistProduct; entryId?: number }>) {
      const { product, entryId } = action.payload;
      state.loading = false;
      if (!state.items.some((p) => p.id === product.id)) state.items.push(product);
      if (entryId !== undefined) state.apiItems.push({ id: entryId, product: product.id });
    },
    itemRemoved(state, action: PayloadAction<{ productId: number }>) {
      state.loading = false;
      state.items = state.items.filter((p) => p.id !== action.payload.productId);
      state.apiItems = state.apiItems.filter((e) => e.product !== action.payload.productId);
    },
    cleared() {
      return initialState;
    },
  },
  // The wishlist belongs to the account: logout and session expiry both dispatch loggedOut.
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const wishlistActions = wishlistSlice.actions;

type WithWishlist = { wishlist: WishlistState };
export const selectWishlistCount = (state: WithWishlist) => state.wishlist.items.length;
export const selectWishlistLoading = (state: WithWishlist) => state.wishlist.loading;
export const selectIsWishlisted = (productId: number) => (state: WithWishlist) =>
  state.wishlist.items.some((p) => p.id === productId);
