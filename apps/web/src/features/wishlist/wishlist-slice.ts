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

/** A change the customer made here, numbered in order (see `loaded`). */
export type WishlistChange =
  | { revision: number; added: WishlistProduct; entryId: number }
  | { revision: number; removed: number };

export interface WishlistState {
  items: WishlistProduct[];
  apiItems: WishlistEntry[];
  /** An add or a removal is running: hearts are dimmed and another change is blocked. */
  loading: boolean;
  /** The list failed to load (the screen's error view). */
  error: string | null;
  /** Not in the spec's list: the list itself is loading (the screen's loading view). */
  fetching: boolean;
  /** List requests asked for and not answered yet. */
  listRequests: number;
  /** How many changes were made here: a list answer says at which revision it was asked for. */
  revision: number;
  /** The changes made while a list request runs, which its answer may not know of. */
  changes: WishlistChange[];
  /** The revision at which the list shown was asked for: an answer asked for earlier is stale. */
  loadedAt: number;
}

export const initialWishlistState: WishlistState = {
  items: [],
  apiItems: [],
  loading: false,
  error: null,
  fetching: false,
  listRequests: 0,
  revision: 0,
  changes: [],
  loadedAt: 0,
};

function add(state: WishlistState, product: WishlistProduct, entryId: number) {
  if (!state.items.some((p) => p.id === product.id)) state.items.unshift(product);
  state.apiItems = state.apiItems.filter((e) => e.product !== product.id);
  state.apiItems.unshift({ id: entryId, product: product.id });
}

function remove(state: WishlistState, productId: number) {
  state.items = state.items.filter((p) => p.id !== productId);
  state.apiItems = state.apiItems.filter((e) => e.product !== productId);
}

/** A change is kept only while a list request runs: a list asked for later knows of it. */
function record(
  state: WishlistState,
  change: { added: WishlistProduct; entryId: number } | { removed: number },
) {
  state.revision += 1;
  if (state.listRequests > 0) state.changes.push({ ...change, revision: state.revision });
}

function listAnswered(state: WishlistState) {
  state.listRequests = Math.max(0, state.listRequests - 1);
  state.fetching = state.listRequests > 0;
  if (state.listRequests === 0) state.changes = [];
}

/** Logout or another login: nothing of the list is kept, and answers asked for before are stale. */
const reset = (state: WishlistState): WishlistState => ({
  ...initialWishlistState,
  revision: state.revision + 1,
  loadedAt: state.revision + 1,
});

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: initialWishlistState,
  reducers: {
    fetchStarted(state) {
      state.listRequests += 1;
      state.fetching = true;
      state.error = null;
    },
    /**
     * The server's list as it was when asked for, at revision `requestedAt`. The changes made here
     * since are applied again on top, so a slow answer cannot undo them; an answer asked for before
     * the list shown is dropped.
     */
    loaded(
      state,
      action: PayloadAction<{ items: WishlistProduct[]; apiItems: WishlistEntry[]; requestedAt: number }>,
    ) {
      const { items, apiItems, requestedAt } = action.payload;
      state.error = null;
      if (requestedAt >= state.loadedAt) {
        state.items = items;
        state.apiItems = apiItems;
        state.loadedAt = requestedAt;
        for (const c of state.changes) {
          if (c.revision <= requestedAt) continue;
          if ('added' in c) add(state, c.added, c.entryId);
          else remove(state, c.removed);
        }
      }
      listAnswered(state);
    },
    fetchFailed(state, action: PayloadAction<{ message: string }>) {
      state.error = action.payload.message;
      listAnswered(state);
    },
    /** A reload in the background failed: the list shown stays, without the error view. */
    fetchDropped(state) {
      listAnswered(state);
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
      add(state, product, entryId);
      record(state, { added: product, entryId });
    },
    itemRemoved(state, action: PayloadAction<{ productId: number }>) {
      state.loading = false;
      remove(state, action.payload.productId);
      record(state, { removed: action.payload.productId });
    },
  },
  // The wishlist belongs to the account: logout and session expiry both dispatch loggedOut, and a
  // new login starts from the server's list.
  extraReducers: (builder) => {
    builder.addCase(loggedOut, reset).addCase(loggedIn, reset);
  },
});

export const wishlistActions = wishlistSlice.actions;

type WithWishlist = { wishlist: WishlistState };
export const selectWishlist = (state: WithWishlist) => state.wishlist;
export const selectWishlistCount = (state: WithWishlist) => state.wishlist.items.length;
export const selectWishlistLoading = (state: WithWishlist) => state.wishlist.loading;
export const selectIsWishlisted = (productId: number) => (state: WithWishlist) =>
  state.wishlist.items.some((p) => p.id === productId);
