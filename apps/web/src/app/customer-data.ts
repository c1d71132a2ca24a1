import type { Middleware, ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { loggedIn } from '../features/auth/auth-slice';
import { syncCustomerCart } from '../features/cart/cart-thunks';
import { loadProfile } from '../features/profile/profile-slice';
import { fetchWishlist } from '../features/wishlist/wishlist-thunks';
import type { RootState } from './root-reducer';

type Thunk = ThunkAction<Promise<void>, RootState, unknown, UnknownAction>;

/**
 * The customer's server-side data in the browser: the cart (with the visitor's lines merged into
 * it first) and the wishlist. Run at every start of the app with a session, so prices, stock and
 * the lists are the server's now, and an interrupted merge finishes.
 */
export const loadCustomerCartAndWishlist = (): Thunk => async (dispatch) => {
  await Promise.all([dispatch(syncCustomerCart()), dispatch(fetchWishlist())]);
};

/** After login: the profile, the cart and the wishlist (accounts-orders.md §4). */
export const loadCustomerData = (): Thunk => async (dispatch) => {
  await Promise.all([dispatch(loadProfile()), dispatch(loadCustomerCartAndWishlist())]);
};

/** After every login event, once the session is in the state, the customer's data is loaded. */
export const customerDataOnLogin: Middleware<object, RootState> = (api) => (next) => (action) => {
  const result = next(action);
  if (loggedIn.match(action)) {
    void (api.dispatch as ThunkDispatch<RootState, unknown, UnknownAction>)(loadCustomerData());
  }
  return result;
};
