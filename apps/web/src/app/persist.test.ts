import { describe, expect, it } from 'vitest';
import { persistConfig } from './persist';

const item = { product: 4, quantity: 2, title: 'Tea', rate: 120, subtotal: 240 };
const v1 = (access: string) => ({
  _persist: { version: 1, rehydrated: false },
  auth: { access, refresh: 'r', user_id: access ? '7' : '', isAuthenticated: Boolean(access) },
  cart: { items: [item], totalItems: 2, totalAmount: 240, isLoading: true },
  wishlist: { items: [{ id: 9 }], apiItems: [], loading: true, error: null },
});

describe('persisted state from before the server cart (version 1)', () => {
  it('a logged-in customer’s local lines wait to be merged into the server cart', async () => {
    const state = (await persistConfig.migrate!(v1('token') as never, 2)) as never as {
      cart: { owner: string; pendingMerge: unknown[]; isLoading: boolean; items: unknown[] };
      wishlist: { items: unknown[] };
    };
    expect(state.cart.owner).toBe('7');
    expect(state.cart.pendingMerge).toEqual([{ product: 4, quantity: 2, title: 'Tea' }]);
    expect(state.cart.isLoading).toBe(false);
    expect(state.cart.items).toEqual([item]);
    expect(state.wishlist.items).toEqual([]);
  });

  it('a visitor keeps the local cart as it was', async () => {
    const state = (await persistConfig.migrate!(v1('') as never, 2)) as never as {
      cart: { owner: null; pendingMerge: unknown[]; items: unknown[]; finalAmount: number };
    };
    expect([state.cart.owner, state.cart.pendingMerge, state.cart.items, state.cart.finalAmount]).toEqual([
      null,
      [],
      [item],
      240,
    ]);
  });
});

describe('what the device keeps', () => {
  it('keeps the recently viewed history (decision 054) with the theme, session, cart and wishlist', () => {
    expect(persistConfig.whitelist).toEqual(['theme', 'auth', 'cart', 'wishlist', 'recentlyViewed']);
  });
});
