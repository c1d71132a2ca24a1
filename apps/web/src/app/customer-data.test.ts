import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggedIn, loggedOut } from '../features/auth/auth-slice';
import { toCartLine } from '../features/cart/cart-line';
import { cartActions } from '../features/cart/cart-slice';
import { fakeShop } from '../test/fake-shop-server';
import { customerDataOnLogin } from './customer-data';
import { rootReducer } from './root-reducer';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
// The shop's lazy toast module hands every toast to the (mocked) react-toastify at once.
vi.mock('../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));

const shop = fakeShop([
  { id: 1, title: 'Rice', price: 650, stock: 10 },
  { id: 2, title: 'Ghee', price: 900, stock: 5 },
]);
afterEach(() => shop.restore());

describe('after login', () => {
  it('loads the profile, merges the visitor cart into the server cart and loads the wishlist', async () => {
    const store = configureStore({
      reducer: rootReducer,
      middleware: (getDefault) => getDefault().concat(customerDataOnLogin),
    });
    store.dispatch(
      cartActions.itemAdded({
        line: toCartLine({ id: 1, title: 'Rice', selling_price: 650, total_available_quantity: 10 }),
        quantity: 2,
      }),
    );
    shop.seedCart([[2, 1]]);
    shop.seedWishlist([2]);
    store.dispatch(loggedIn({ access: 'a', refresh: 'r', user_id: 7 }));
    await vi.waitFor(() => {
      const { cart, wishlist, profile } = store.getState();
      expect(cart.items.map((i) => [i.product, i.quantity])).toEqual([
        [2, 1],
        [1, 2],
      ]);
      expect(wishlist.items.map((p) => p.id)).toEqual([2]);
      expect(profile.data?.user.first_name).toBe('Sita');
    });
    expect(shop.calls).toContain('POST /cart/add/ {"cart_products":[{"product":1,"quantity":2}]}');

    store.dispatch(loggedOut());
    const { cart, wishlist, profile } = store.getState();
    expect([cart.items, cart.owner, wishlist.items, profile.data]).toEqual([[], null, [], null]);
  });
});
