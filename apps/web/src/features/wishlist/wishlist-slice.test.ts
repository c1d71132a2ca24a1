import { describe, expect, it } from 'vitest';
import { makeStore } from '../../test/render';
import { loggedIn, loggedOut } from '../auth/auth-slice';
import { cartActions } from '../cart/cart-slice';
import { type WishlistProduct, wishlistActions } from './wishlist-slice';

const product: WishlistProduct = {
  id: 3,
  title: 'Ghee 1 L',
  selling_price: 900,
  image: '/ghee.jpg',
  description: '',
  short_description: '',
  marked_price: 1000,
  average_rating: 0,
  rating_count: 0,
  price: 900,
};

describe('wishlist on logout', () => {
  it('empties the wishlist on loggedOut (header logout and session expiry) but keeps the cart', () => {
    const store = makeStore();
    store.dispatch(loggedIn({ access: 'a', refresh: 'r', user_id: 1 }));
    store.dispatch(wishlistActions.itemAdded({ product, entryId: 11 }));
    store.dispatch(
      cartActions.itemAdded({
        line: {
          id: 3,
          product: 3,
          rate: 900,
          selling_price: 900,
          marked_price: 1000,
          title: 'Ghee 1 L',
          category: '',
          image: '/ghee.jpg',
          short_description: '',
          stock: 5,
          product_detail: {
            id: 3,
            title: 'Ghee 1 L',
            nepali_title: '',
            description: '',
            short_description: '',
            marked_price: 1000,
            selling_price: 900,
            primary_image: null,
          },
        },
        quantity: 2,
      }),
    );
    expect(store.getState().wishlist.items).toHaveLength(1);

    store.dispatch(loggedOut());

    expect(store.getState().wishlist).toEqual({ items: [], apiItems: [], loading: false, error: null });
    expect(store.getState().cart.totalItems).toBe(2);
  });
});
