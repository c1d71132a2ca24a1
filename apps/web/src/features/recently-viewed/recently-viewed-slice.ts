import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** How many products the history keeps (the oldest drops off). */
export const RECENTLY_VIEWED_LIMIT = 12;

/**
 * A product the shopper opened: its id and slug only. Prices, names and stock are read afresh
 * from the server each time the row shows, so nothing kept here goes stale.
 */
export interface ViewedProduct {
  id: number;
  slug: string;
}

export interface RecentlyViewedState {
  /** Most recent first, each product once. */
  items: ViewedProduct[];
}

export const initialRecentlyViewedState: RecentlyViewedState = { items: [] };

export const recentlyViewedSlice = createSlice({
  name: 'recentlyViewed',
  initialState: initialRecentlyViewedState,
  reducers: {
    productViewed(state, action: PayloadAction<ViewedProduct>) {
      const { id, slug } = action.payload;
      state.items = [{ id, slug }, ...state.items.filter((p) => p.id !== id)].slice(0, RECENTLY_VIEWED_LIMIT);
    },
    /** The server no longer has these products (removed or hidden): they leave the history. */
    productsGone(state, action: PayloadAction<number[]>) {
      const gone = new Set(action.payload);
      state.items = state.items.filter((p) => !gone.has(p.id));
    },
  },
});

export const { productViewed, productsGone } = recentlyViewedSlice.actions;

export const selectRecentlyViewed = (state: { recentlyViewed: RecentlyViewedState }) =>
  state.recentlyViewed.items;

export const selectHasRecentlyViewed = (state: { recentlyViewed: RecentlyViewedState }) =>
  state.recentlyViewed.items.length > 0;
