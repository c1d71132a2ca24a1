import { WISHLIST_ENTRY_NOT_FOUND } from '@pasal/contract/shop-texts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { msg } from '../../i18n/i18n';
import { httpResponse, isHttpError, unanswered } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { type AuthState, selectIsLoggedIn } from '../auth/auth-slice';
import { addToServerWishlist, fetchServerWishlist, removeFromServerWishlist } from './wishlist-api';
import { type WishlistProduct, type WishlistState, wishlistActions } from './wishlist-slice';

type State = { auth: AuthState; wishlist: WishlistState };
type WishlistThunk<R = void> = ThunkAction<Promise<R>, State, unknown, UnknownAction>;

export const FETCH_FAILED = msg('Failed to fetch wishlist');
export const ADD_FAILED = msg('Failed to add to wishlist');
export const REMOVE_FAILED = msg('Failed to remove from wishlist');

/** The server's message is preferred (shopping.md §8). */
function serverMessage(error: unknown, fallback: string): string {
  const response = httpResponse(error);
  if (isHttpError(error) && response?.status !== 401) {
    const message = (response?.data as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

const sessionOf = (state: State) => (selectIsLoggedIn(state) ? state.auth.user_id : null);

/**
 * Reads the list. `quiet`: a reload in the background after a change got no answer; if it fails
 * too, the list shown stays, without the error view or a second toast.
 */
export const fetchWishlist =
  ({ quiet = false } = {}): WishlistThunk =>
  async (dispatch, getState) => {
    const session = sessionOf(getState());
    if (!session) return;
    const requestedAt = getState().wishlist.revision;
    dispatch(wishlistActions.fetchStarted());
    try {
      const list = await fetchServerWishlist();
      if (sessionOf(getState()) === session) dispatch(wishlistActions.loaded({ ...list, requestedAt }));
    } catch (error) {
      if (sessionOf(getState()) !== session) return;
      if (quiet) {
        dispatch(wishlistActions.fetchDropped());
        return;
      }
      const message = serverMessage(error, FETCH_FAILED);
      dispatch(wishlistActions.fetchFailed({ message }));
      toast.error(message, { toastId: 'wishlist-fetch' });
    }
  };

/** Server first; the local list changes only when the server said yes. */
export const addToWishlist =
  (product: WishlistProduct): WishlistThunk<boolean> =>
  async (dispatch, getState) => {
    const session = sessionOf(getState());
    if (!session || getState().wishlist.loading) return false;
    dispatch(wishlistActions.requestStarted());
    try {
      const entryId = await addToServerWishlist(product.id);
      if (sessionOf(getState()) !== session) return false;
      dispatch(wishlistActions.itemAdded({ product, entryId }));
      return true;
    } catch (error) {
      if (sessionOf(getState()) !== session) return false;
      dispatch(wishlistActions.requestFailed());
      toast.error(serverMessage(error, ADD_FAILED));
      if (unanswered(error)) await dispatch(fetchWishlist({ quiet: true }));
      return false;
    }
  };

export const removeFromWishlist =
  (productId: number): WishlistThunk<boolean> =>
  async (dispatch, getState) => {
    const session = sessionOf(getState());
    if (!session || getState().wishlist.loading) return false;
    const entry = getState().wishlist.apiItems.find((e) => e.product === productId);
    if (!entry) {
      toast.error(WISHLIST_ENTRY_NOT_FOUND);
      return false;
    }
    dispatch(wishlistActions.requestStarted());
    try {
      await removeFromServerWishlist(entry.id);
      if (sessionOf(getState()) !== session) return false;
      dispatch(wishlistActions.itemRemoved({ productId }));
      return true;
    } catch (error) {
      if (sessionOf(getState()) !== session) return false;
      // 404 "Wishlist item ID not found": the entry is gone, which is what was asked (an earlier
      // removal whose answer was lost, or one made on another device). Not an error.
      if (httpResponse(error)?.status === 404) {
        dispatch(wishlistActions.itemRemoved({ productId }));
        return true;
      }
      dispatch(wishlistActions.requestFailed());
      if (unanswered(error)) {
        // The list read again says whether the removal was made; made, only its answer was lost.
        await dispatch(fetchWishlist({ quiet: true }));
        const gone = !getState().wishlist.apiItems.some((e) => e.product === productId);
        if (gone && !getState().wishlist.error && sessionOf(getState()) === session) return true;
      }
      toast.error(serverMessage(error, REMOVE_FAILED));
      return false;
    }
  };
