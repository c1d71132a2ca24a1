import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { toast } from 'react-toastify';
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
import { authSlice, loggedOut, tokensRefreshed } from '../features/auth/auth-slice';
import { cartSlice } from '../features/cart/cart-slice';
import { themeSlice } from '../features/theme/theme-slice';
import { wishlistSlice } from '../features/wishlist/wishlist-slice';
import { bindSession } from '../lib/api-client';
import { localStorageAdapter } from '../lib/local-storage';
import { navigateTo } from '../lib/navigation';

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  cart: cartSlice.reducer,
  wishlist: wishlistSlice.reducer,
  theme: themeSlice.reducer,
});

const persisted = persistReducer(
  {
    key: 'pasal',
    version: 1,
    storage: localStorageAdapter,
    whitelist: ['theme', 'auth', 'cart', 'wishlist'],
    timeout: 5000,
  },
  rootReducer,
);

export const store = configureStore({
  reducer: persisted,
  middleware: (getDefault) =>
    getDefault({
      serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
    }),
});

export const persistor = persistStore(store);

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;

bindSession({
  getSession: () => {
    const { access, refresh, user_id } = store.getState().auth;
    return { access, refresh, user_id };
  },
  onTokensRefreshed: (tokens) => store.dispatch(tokensRefreshed(tokens)),
  onSessionExpired: () => {
    store.dispatch(loggedOut());
    toast.error('Session expired. Please login again.', { toastId: 'session-expired' });
    navigateTo('/login');
  },
});
