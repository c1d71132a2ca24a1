import type { Middleware } from '@reduxjs/toolkit';
import { type AuthState, loggedIn, loggedOut, tokensRefreshed } from '../features/auth/auth-slice';
import { forgetPendingOrder } from '../features/checkout/pending-order';
import type { RootState } from './root-reducer';

type Session = Pick<AuthState, 'user_id' | 'access' | 'refresh'>;

/**
 * The session in the state kept on the device, as another tab wrote it: redux-persist keeps one
 * JSON object whose slices are JSON texts. Null when it cannot be read; a cleared storage is no
 * session.
 */
export function storedSession(raw: string | null): Session | null {
  if (raw === null) return { user_id: '', access: '', refresh: null };
  try {
    const kept = JSON.parse(raw) as { auth?: string };
    if (typeof kept.auth !== 'string') return null;
    const auth = JSON.parse(kept.auth) as Partial<Session>;
    return {
      user_id: typeof auth.user_id === 'string' ? auth.user_id : '',
      access: typeof auth.access === 'string' ? auth.access : '',
      refresh: typeof auth.refresh === 'string' ? auth.refresh : null,
    };
  } catch {
    return null;
  }
}

interface SessionStore {
  getState(): Pick<RootState, 'auth'>;
  dispatch(action: ReturnType<typeof loggedIn | typeof loggedOut | typeof tokensRefreshed>): unknown;
}

/**
 * Every tab of the shop follows the session another tab writes: a logout, a login as someone
 * else, or tokens rotated by a refresh. redux-persist keeps one copy of the state for all tabs,
 * and each tab writes its whole state on its next change: a tab still holding the old session
 * would write it back, and the next person to open the shop on this browser would start logged in
 * as the customer who had logged out (and a tab keeping a rotated refresh token would end both
 * tabs' session with its next refresh, as a replayed token).
 */
export function followOtherTabs(
  store: SessionStore,
  key: string,
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    const stored = storedSession(event.key === null ? null : event.newValue);
    if (!stored) return;
    const mine = store.getState().auth;
    if (stored.user_id === mine.user_id && stored.access === mine.access && stored.refresh === mine.refresh)
      return;
    if (!stored.access) {
      if (mine.access) store.dispatch(loggedOut({ cause: 'other-tab' }));
    } else if (stored.user_id !== mine.user_id || !mine.access) {
      // The tab that logged in merges the visitor's cart into the customer's: this one starts
      // empty and reads the customer's cart, or the visitor's lines would be posted twice.
      store.dispatch(loggedOut({ cause: 'other-tab' }));
      store.dispatch(
        loggedIn({ access: stored.access, refresh: stored.refresh ?? '', user_id: stored.user_id }),
      );
    } else {
      store.dispatch(tokensRefreshed({ access: stored.access, refresh: stored.refresh }));
    }
  };
  events.addEventListener('storage', onStorage);
  return () => events.removeEventListener('storage', onStorage);
}

/**
 * An order waiting to be sent (features/checkout/pending-order.ts) holds the address and the
 * customer's notes: a logout takes it along, so the next person on this device cannot read it.
 * An expired session keeps it (it is the customer's, for their next login, and resending it with
 * its key is what keeps it from being placed twice), and so does a tab following another.
 */
export const pendingOrderWithSession: Middleware<object, RootState> = () => (next) => (action) => {
  const result = next(action);
  if (loggedOut.match(action) && action.payload === undefined) forgetPendingOrder();
  return result;
};
