import { configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import { loggedOut, selectIsLoggedIn, tokensRefreshed } from '../features/auth/auth-slice';
import { t } from '../i18n/i18n';
import { bindSession } from '../lib/api-client';
import { navigateTo } from '../lib/navigation';
import { toast } from '../lib/toast';
import { customerDataOnLogin, loadCustomerData } from './customer-data';
import { persistConfig } from './persist';
import { rootReducer } from './root-reducer';
import { followOtherTabs, pendingOrderWithSession } from './session-sync';

export type { RootState } from './root-reducer';

export const store = configureStore({
  reducer: persistReducer(persistConfig, rootReducer),
  middleware: (getDefault) =>
    getDefault({
      serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
    }).concat(customerDataOnLogin, pendingOrderWithSession),
});

// A logout (or another login) in another tab ends this tab's session too (app/session-sync.ts).
followOtherTabs(store, `persist:${persistConfig.key}`);

let rehydrated: () => void;
/**
 * Settles once the state kept on the device is back in the store. The app renders after it, so
 * its first render is the real page (no gate rendering a spinner and then, synchronously, the
 * whole page in one long task).
 */
export const storeRehydrated = new Promise<void>((resolve) => {
  rehydrated = resolve;
});

persistStore(store, null, () => {
  rehydrated();
  // With a session kept from an earlier visit, the profile (is it staff?), the cart and the
  // wishlist are read from the server.
  if (selectIsLoggedIn(store.getState())) void store.dispatch(loadCustomerData());
});

export type AppDispatch = typeof store.dispatch;

bindSession({
  getSession: () => {
    const { access, refresh, user_id } = store.getState().auth;
    return { access, refresh, user_id };
  },
  onTokensRefreshed: (tokens) => store.dispatch(tokensRefreshed(tokens)),
  onSessionExpired: () => {
    store.dispatch(loggedOut({ cause: 'expired' }));
    toast.error(t('Session expired. Please login again.'), { toastId: 'session-expired' });
    navigateTo('/login');
  },
});
