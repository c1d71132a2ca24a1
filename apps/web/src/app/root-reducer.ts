import { combineReducers } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/auth-slice';
import { cartSlice } from '../features/cart/cart-slice';
import { profileSlice } from '../features/profile/profile-slice';
import { recentlyViewedSlice } from '../features/recently-viewed/recently-viewed-slice';
import { themeSlice } from '../features/theme/theme-slice';
import { wishlistSlice } from '../features/wishlist/wishlist-slice';

export const rootReducer = combineReducers({
  auth: authSlice.reducer,
  cart: cartSlice.reducer,
  wishlist: wishlistSlice.reducer,
  theme: themeSlice.reducer,
  profile: profileSlice.reducer,
  recentlyViewed: recentlyViewedSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
