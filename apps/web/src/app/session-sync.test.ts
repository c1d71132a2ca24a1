import { configureStore } from '@reduxjs/toolkit';
import { persistReducer, persistStore } from 'redux-persist';
import { afterEach, describe, expect, it } from 'vitest';
import { loggedIn, loggedOut, selectIsLoggedIn, tokensRefreshed } from '../features/auth/auth-slice';
import { toCartLine } from '../features/cart/cart-line';
import { cartActions } from '../features/cart/cart-slice';
import { keepPendingOrder, readPendingOrder } from '../features/checkout/pending-order';
import { productViewed } from '../features/recently-viewed/recently-viewed-slice';
import { persistConfig } from './persist';
import { rootReducer } from './root-reducer';
import { followOtherTabs, pendingOrderWithSession } from './session-sync';

// Two tabs of the shop in one browser share the state kept on the device (one localStorage key).
// The browser tells each tab when another wrote it (a storage event); here each tab has its own
// event target, and the test hands it the event the browser would.

const KEY = `persist:${persistConfig.key}`;

async function openTab() {
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(pendingOrderWithSession),
  });
  let persistor: ReturnType<typeof persistStore> | undefined;
  await new Promise<void>((resolve) => {
    persistor = persistStore(store, null, resolve);
  });
  const events = new EventTarget() as unknown as Window;
  const unfollow = followOtherTabs(store, KEY, events);
  /** The tab is closed: it follows and writes nothing more (the next test starts from a clean storage). */
  const stop = () => {
    unfollow();
    persistor?.pause();
  };
  /** What the browser does when another tab has written the kept state. */
  const otherTabWrote = () =>
    events.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: localStorage.getItem(KEY) }));
  /** redux-persist writes a moment after a change: now, for the test. */
  const written = () => persistor!.flush();
  return { store, otherTabWrote, stop, written };
}
const keptSession = () => JSON.parse(JSON.parse(localStorage.getItem(KEY) ?? '{}').auth ?? '{}');

afterEach(() => localStorage.clear());

describe('one session for every tab', () => {
  it('a logout in one tab ends the others’, so none writes the session back for the next visitor', async () => {
    const first = await openTab();
    first.store.dispatch(loggedIn({ access: 'a-access', refresh: 'a-refresh', user_id: 'A' }));
    await first.written();
    const second = await openTab();
    expect(selectIsLoggedIn(second.store.getState())).toBe(true);

    await second.written();
    first.store.dispatch(loggedOut());
    await first.written();
    second.otherTabWrote();
    expect(selectIsLoggedIn(second.store.getState())).toBe(false);
    // Anything the second tab does next writes no session.
    second.store.dispatch(productViewed({ id: 1, slug: 'rice' }));
    await second.written();
    expect(keptSession()).toMatchObject({ access: '', refresh: null, user_id: '' });
    const nextVisitor = await openTab();
    expect(selectIsLoggedIn(nextVisitor.store.getState())).toBe(false);
    for (const tab of [first, second, nextVisitor]) tab.stop();
  });

  it('a login as someone else, and tokens a refresh rotated, reach the other tabs', async () => {
    const first = await openTab();
    first.store.dispatch(loggedIn({ access: 'a-access', refresh: 'a-refresh', user_id: 'A' }));
    await first.written();
    const second = await openTab();
    await second.written();
    first.store.dispatch(tokensRefreshed({ access: 'a-access-2', refresh: 'a-refresh-2' }));
    await first.written();
    second.otherTabWrote();
    expect(second.store.getState().auth).toMatchObject({ user_id: 'A', refresh: 'a-refresh-2' });

    first.store.dispatch(loggedOut());
    first.store.dispatch(loggedIn({ access: 'b-access', refresh: 'b-refresh', user_id: 'B' }));
    await first.written();
    second.otherTabWrote();
    expect(second.store.getState().auth).toEqual({
      user_id: 'B',
      access: 'b-access',
      refresh: 'b-refresh',
      isAuthenticated: true,
    });
    first.stop();
    second.stop();
  });

  it('a tab following a login reads the customer’s cart; only the tab that logged in merges the visitor’s lines', async () => {
    const first = await openTab();
    first.store.dispatch(
      cartActions.itemAdded({
        line: toCartLine({ id: 1, title: 'Rice', selling_price: 650, total_available_quantity: 10 }),
        quantity: 2,
      }),
    );
    await first.written();
    const second = await openTab();
    await second.written();
    expect(second.store.getState().cart.items).toHaveLength(1);
    first.store.dispatch(loggedIn({ access: 'a-access', refresh: 'a-refresh', user_id: 'A' }));
    await first.written();
    second.otherTabWrote();
    expect(first.store.getState().cart.pendingMerge).toEqual([{ product: 1, quantity: 2, title: 'Rice' }]);
    expect(second.store.getState().cart).toMatchObject({ owner: 'A', items: [], pendingMerge: [] });
    first.stop();
    second.stop();
  });

  it('an order waiting to be sent is forgotten at logout: its address and notes leave with the session', async () => {
    const tab = await openTab();
    tab.store.dispatch(loggedIn({ access: 'a', refresh: 'r', user_id: '7' }));
    keepPendingOrder({
      key: 'k1',
      user: '7',
      at: Date.now(),
      body: {
        address_id: 3,
        payment_method: 'cash',
        slot: null,
        notes: 'Gate code 4321',
        products: [],
      } as never,
    });
    expect(readPendingOrder('7')?.key).toBe('k1');
    // An expired session keeps it for the customer's next login; their own logout does not.
    tab.store.dispatch(loggedOut({ cause: 'expired' }));
    expect(readPendingOrder('7')?.key).toBe('k1');
    tab.store.dispatch(loggedIn({ access: 'a', refresh: 'r', user_id: '7' }));
    tab.store.dispatch(loggedOut());
    expect(localStorage.getItem('pasal-pending-order')).toBeNull();
    tab.stop();
  });
});
