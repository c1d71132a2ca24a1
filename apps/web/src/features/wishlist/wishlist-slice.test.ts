import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeShop, fakeShop } from '../../test/fake-shop-server';
import { makeStore } from '../../test/render';
import { loggedIn, loggedOut } from '../auth/auth-slice';
import { wishlistFromBody } from './wishlist-api';
import { initialWishlistState, type WishlistProduct, wishlistActions, wishlistSlice } from './wishlist-slice';
import { addToWishlist, fetchWishlist, removeFromWishlist } from './wishlist-thunks';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
// The shop's lazy toast module hands every toast to the (mocked) react-toastify at once.
vi.mock('../../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));

const ghee: WishlistProduct = {
  id: 3,
  title: 'Ghee 1 L',
  selling_price: 900,
  image: '/ghee.jpg',
  description: '',
  short_description: '',
  marked_price: 1000,
  average_rating: 3,
  rating_count: 0,
  price: 900,
};
const reduce = wishlistSlice.reducer;
const login = (user = 7) => loggedIn({ access: 'a', refresh: 'r', user_id: user });

describe('wishlist reducer', () => {
  it('loads the list: products and their entry ids', () => {
    let s = reduce(initialWishlistState, wishlistActions.fetchStarted());
    expect([s.loading, s.fetching, s.error]).toEqual([false, true, null]);
    s = reduce(
      s,
      wishlistActions.loaded({ items: [ghee], apiItems: [{ id: 11, product: 3 }], requestedAt: 0 }),
    );
    expect([s.items, s.apiItems, s.loading, s.fetching]).toEqual([
      [ghee],
      [{ id: 11, product: 3 }],
      false,
      false,
    ]);
  });

  it('a failed load keeps the message for the error view', () => {
    let s = reduce(initialWishlistState, wishlistActions.fetchStarted());
    s = reduce(s, wishlistActions.fetchFailed({ message: 'Failed to fetch wishlist' }));
    expect([s.loading, s.fetching, s.error]).toEqual([false, false, 'Failed to fetch wishlist']);
  });

  it('a toggle request marks the list busy; the item changes only on success', () => {
    let s = reduce(initialWishlistState, wishlistActions.requestStarted());
    expect([s.loading, s.items]).toEqual([true, []]);
    s = reduce(s, wishlistActions.requestFailed());
    expect([s.loading, s.items]).toEqual([false, []]);
    s = reduce(s, wishlistActions.itemAdded({ product: ghee, entryId: 11 }));
    s = reduce(s, wishlistActions.itemAdded({ product: ghee, entryId: 11 }));
    expect([s.items, s.apiItems]).toEqual([[ghee], [{ id: 11, product: 3 }]]);
    s = reduce(s, wishlistActions.itemRemoved({ productId: 3 }));
    expect([s.items, s.apiItems]).toEqual([[], []]);
  });

  it('a list answer asked for before an add keeps the added item (and the list’s own)', () => {
    const tea = { ...ghee, id: 4, title: 'Tea' };
    let s = reduce(initialWishlistState, wishlistActions.fetchStarted());
    s = reduce(s, wishlistActions.itemAdded({ product: ghee, entryId: 11 }));
    s = reduce(
      s,
      wishlistActions.loaded({ items: [tea], apiItems: [{ id: 10, product: 4 }], requestedAt: 0 }),
    );
    expect(s.items.map((p) => p.id)).toEqual([3, 4]);
    expect(s.apiItems).toEqual([
      { id: 11, product: 3 },
      { id: 10, product: 4 },
    ]);
    expect(s.fetching).toBe(false);
  });

  it('a list answer asked for before a removal does not bring the item back', () => {
    let s = reduce(initialWishlistState, wishlistActions.itemAdded({ product: ghee, entryId: 11 }));
    const requestedAt = s.revision;
    s = reduce(s, wishlistActions.fetchStarted());
    s = reduce(s, wishlistActions.itemRemoved({ productId: 3 }));
    s = reduce(s, wishlistActions.loaded({ items: [ghee], apiItems: [{ id: 11, product: 3 }], requestedAt }));
    expect([s.items, s.apiItems]).toEqual([[], []]);
  });

  it('a list asked for after the changes is taken as it is; an older answer after it is dropped', () => {
    const tea = { ...ghee, id: 4, title: 'Tea' };
    let s = reduce(initialWishlistState, wishlistActions.fetchStarted());
    s = reduce(s, wishlistActions.itemAdded({ product: ghee, entryId: 11 }));
    s = reduce(s, wishlistActions.fetchStarted());
    // The later request's answer: the add is in it, and someone removed it since (another device).
    s = reduce(
      s,
      wishlistActions.loaded({ items: [tea], apiItems: [{ id: 10, product: 4 }], requestedAt: 1 }),
    );
    expect([s.items.map((p) => p.id), s.fetching]).toEqual([[4], true]);
    s = reduce(s, wishlistActions.loaded({ items: [], apiItems: [], requestedAt: 0 }));
    expect([s.items.map((p) => p.id), s.fetching, s.changes]).toEqual([[4], false, []]);
  });

  it('logout, session expiry and a new login keep nothing of the last customer’s list', () => {
    const full = reduce(initialWishlistState, wishlistActions.itemAdded({ product: ghee, entryId: 11 }));
    for (const next of [reduce(full, loggedOut()), reduce(full, login(8))]) {
      expect(next).toMatchObject({ items: [], apiItems: [], changes: [], loading: false, error: null });
      // A list asked for before it is not the new session's.
      const late = reduce(next, wishlistActions.loaded({ items: [ghee], apiItems: [], requestedAt: 1 }));
      expect(late.items).toEqual([]);
    }
  });

  it('reads data.results, data.data.results or a bare array; anything else is an empty list', () => {
    const entry = { id: 5, product: 3, item: { id: 3, title: 'Ghee 1 L', selling_price: 900, slug: 'ghee' } };
    const expected = { apiItems: [{ id: 5, product: 3 }] };
    expect(wishlistFromBody({ results: [entry] })).toMatchObject(expected);
    expect(wishlistFromBody({ data: { results: [entry] } })).toMatchObject(expected);
    expect(wishlistFromBody([entry])).toMatchObject(expected);
    expect(wishlistFromBody([entry]).items[0]).toMatchObject({ id: 3, title: 'Ghee 1 L', slug: 'ghee' });
    expect(wishlistFromBody({ unexpected: true })).toEqual({ items: [], apiItems: [] });
    expect(wishlistFromBody('<html>')).toEqual({ items: [], apiItems: [] });
    expect(wishlistFromBody({ results: [{ id: 1 }, null] })).toEqual({ items: [], apiItems: [] });
  });
});

describe('wishlist with the server', () => {
  let shop: FakeShop;
  beforeEach(() => {
    vi.clearAllMocks();
    shop = fakeShop([
      { id: 3, title: 'Ghee 1 L', price: 900, stock: 4 },
      { id: 4, title: 'Tea', price: 120, stock: 9 },
    ]);
  });
  afterEach(() => shop.restore());

  async function customer() {
    const store = makeStore();
    store.dispatch(login());
    await store.dispatch(fetchWishlist());
    return store;
  }

  it('adds on the server first, then locally with the entry id; removes by that id', async () => {
    const store = await customer();
    const adding = store.dispatch(addToWishlist(ghee));
    expect(store.getState().wishlist.loading).toBe(true);
    expect(store.getState().wishlist.items).toEqual([]); // not before the server said yes
    expect(await adding).toBe(true);
    const entryId = shop.wishlist[0].id;
    expect(store.getState().wishlist.apiItems).toEqual([{ id: entryId, product: 3 }]);
    expect(await store.dispatch(removeFromWishlist(3))).toBe(true);
    expect(shop.calls.at(-1)).toBe(`DELETE /update/wishlist/${entryId}/`);
    expect(store.getState().wishlist.items).toEqual([]);
    expect(shop.wishlist).toEqual([]);
  });

  it('blocks a second add while a request runs', async () => {
    const store = await customer();
    const release = shop.hold();
    const first = store.dispatch(addToWishlist(ghee));
    expect(await store.dispatch(addToWishlist({ ...ghee, id: 4 }))).toBe(false);
    release();
    await first;
    expect(shop.calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it('a change made while the list loads is not undone by the list’s answer', async () => {
    const store = makeStore();
    store.dispatch(login());
    const release = shop.hold();
    const loading = store.dispatch(fetchWishlist());
    const adding = store.dispatch(addToWishlist(ghee));
    release();
    await Promise.all([loading, adding]);
    expect(store.getState().wishlist.items.map((p) => p.id)).toEqual([3]);
    expect(shop.calls).toEqual(['GET /list/wishlist/', 'POST /create/wishlist/ {"item":3}']);
  });

  it('a list answer asked for before an add does not drop the added item', async () => {
    const store = makeStore();
    store.dispatch(login());
    const release = shop.hold();
    const loading = store.dispatch(fetchWishlist());
    // The add's answer lands first (here dispatched straight, as if its request had overtaken).
    store.dispatch(wishlistActions.itemAdded({ product: ghee, entryId: 11 }));
    release();
    await loading;
    expect(store.getState().wishlist.items.map((p) => p.id)).toEqual([3]);
    expect(store.getState().wishlist.apiItems).toEqual([{ id: 11, product: 3 }]);
  });

  it('a refused add changes nothing and says why (the server’s message, else the default)', async () => {
    const store = await customer();
    expect(await store.dispatch(addToWishlist({ ...ghee, id: 99 }))).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Product 99 was not found.');
    shop.failNext(/create/, 'network');
    await store.dispatch(addToWishlist(ghee));
    expect(toast.error).toHaveBeenCalledWith('Failed to add to wishlist');
    expect(store.getState().wishlist).toMatchObject({ items: [], loading: false });
  });

  it('removal needs a known entry id', async () => {
    const store = await customer();
    const requestedAt = store.getState().wishlist.revision;
    store.dispatch(wishlistActions.loaded({ items: [ghee], apiItems: [], requestedAt }));
    expect(await store.dispatch(removeFromWishlist(3))).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Wishlist item ID not found');
    expect(store.getState().wishlist.items).toEqual([ghee]);
  });

  it('a failed removal keeps the item and says so', async () => {
    shop.seedWishlist([3]);
    const store = await customer();
    shop.failNext(/DELETE/, 'network');
    expect(await store.dispatch(removeFromWishlist(3))).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Failed to remove from wishlist');
    expect(store.getState().wishlist.items.map((p) => p.id)).toEqual([3]);
  });

  it('a removal whose answer was lost (the server removed it): the list is read again and shows it gone', async () => {
    shop.seedWishlist([3, 4]);
    const store = await customer();
    shop.calls.length = 0;
    shop.failNext(/^DELETE \/update\/wishlist\//, 'lost');
    // The read shows it removed: only the answer was lost, so it is a success, not an error.
    expect(await store.dispatch(removeFromWishlist(3))).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();
    expect(shop.calls.map((c) => c.split(' ')[0])).toEqual(['DELETE', 'GET']);
    expect(store.getState().wishlist).toMatchObject({ loading: false, fetching: false, error: null });
    expect(store.getState().wishlist.items.map((p) => p.id)).toEqual([4]);
  });

  it('removing an entry the server no longer has (404) is done: removed here, no error', async () => {
    shop.seedWishlist([3, 4]);
    const store = await customer();
    shop.seedWishlist([4]); // removed meanwhile (a lost answer, another device)
    expect(await store.dispatch(removeFromWishlist(3))).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();
    expect(store.getState().wishlist).toMatchObject({ loading: false, error: null });
    expect(store.getState().wishlist.items.map((p) => p.id)).toEqual([4]);
  });

  it('when the reload after a lost removal fails too, the list stays, without the error view', async () => {
    shop.seedWishlist([3]);
    const store = await customer();
    shop.failNext(/^DELETE/, 'lost');
    shop.failNext(/^GET \/list\/wishlist\//, 'network');
    expect(await store.dispatch(removeFromWishlist(3))).toBe(false);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('Failed to remove from wishlist');
    expect(store.getState().wishlist).toMatchObject({ fetching: false, listRequests: 0, error: null });
    expect(store.getState().wishlist.items.map((p) => p.id)).toEqual([3]);
    // The next tap finds the entry gone on the server: done, without "Wishlist item ID not found".
    expect(await store.dispatch(removeFromWishlist(3))).toBe(true);
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(store.getState().wishlist.items).toEqual([]);
  });

  it('an add whose answer was lost (the server added it): the list is read again and shows it', async () => {
    const store = await customer();
    shop.failNext(/^POST \/create\/wishlist\//, 'lost');
    expect(await store.dispatch(addToWishlist(ghee))).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Failed to add to wishlist');
    expect(store.getState().wishlist.items.map((p) => p.id)).toEqual([3]);
    expect(store.getState().wishlist.apiItems).toEqual([{ id: shop.wishlist[0].id, product: 3 }]);
  });

  it('a failed load shows the error; the next load replaces it', async () => {
    const store = makeStore();
    store.dispatch(login());
    shop.failNext(/list\/wishlist/, { status: 500 });
    await store.dispatch(fetchWishlist());
    expect(store.getState().wishlist.error).toBe('Failed to fetch wishlist');
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch wishlist', expect.anything());
    shop.seedWishlist([4, 3]);
    await store.dispatch(fetchWishlist());
    expect(store.getState().wishlist.error).toBeNull();
    expect(store.getState().wishlist.items.map((p) => p.id)).toEqual([4, 3]);
  });

  it('an answer that lands after logout is dropped', async () => {
    shop.seedWishlist([3]);
    const store = makeStore();
    store.dispatch(login());
    const release = shop.hold();
    const loading = store.dispatch(fetchWishlist());
    store.dispatch(loggedOut());
    release();
    await loading;
    expect(store.getState().wishlist).toMatchObject({ items: [], apiItems: [], fetching: false });
  });
});
