import { createMigrate, createTransform, type PersistConfig, type PersistedState } from 'redux-persist';
import { type CartState, initialCartState } from '../features/cart/cart-slice';
import { initialWishlistState, type WishlistState } from '../features/wishlist/wishlist-slice';
import { localStorageAdapter } from '../lib/local-storage';
import type { RootState } from './root-reducer';

// A request that was running when the tab closed is not running after a reload.
const dropRequestFlags = createTransform<unknown, unknown>(
  (inbound) => inbound,
  (outbound, key) => {
    if (key === 'cart')
      return {
        ...(outbound as CartState),
        offlineChanges: (outbound as Partial<CartState>).offlineChanges ?? [],
        isLoading: false,
        error: null,
        promoLoading: false,
        promoError: null,
      };
    if (key === 'wishlist')
      return {
        ...initialWishlistState,
        ...(outbound as WishlistState),
        loading: false,
        fetching: false,
        error: null,
        listRequests: 0,
        changes: [],
      };
    return outbound;
  },
  { whitelist: ['cart', 'wishlist'] },
);

type V1 = PersistedState & {
  auth?: { access?: string; user_id?: string };
  cart?: Partial<CartState>;
};

const migrations = {
  // Version 2 (issue 8): the customer's cart and wishlist live on the server. A cart kept locally
  // by a logged-in customer is merged into the server cart at the next start; the local-only
  // wishlist is dropped (the server's list is loaded).
  2: (state: PersistedState) => {
    const old = state as V1;
    const customer = old.auth?.access && old.auth.user_id ? old.auth.user_id : null;
    const items = old.cart?.items ?? [];
    return {
      ...old,
      cart: {
        ...initialCartState,
        ...old.cart,
        isLoading: false,
        error: null,
        promo: null,
        promoCode: null,
        discountAmount: 0,
        finalAmount: old.cart?.totalAmount ?? 0,
        owner: customer,
        pendingMerge: customer
          ? items.map((i) => ({ product: i.product, quantity: i.quantity, title: i.title }))
          : [],
      },
      wishlist: initialWishlistState,
    } as PersistedState;
  },
};

export const persistConfig: PersistConfig<RootState> = {
  key: 'pasal',
  version: 2,
  storage: localStorageAdapter,
  // shopping.md §9: persisted storage holds theme, auth, cart and wishlist; and the recently viewed
  // products' ids and slugs (issue 24, decision 054). A state saved before it has none: the
  // initial (empty) history stands.
  whitelist: ['theme', 'auth', 'cart', 'wishlist', 'recentlyViewed'],
  timeout: 5000,
  migrate: createMigrate(migrations, { debug: false }),
  transforms: [dropRequestFlags],
};
