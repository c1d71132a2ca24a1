import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeShop, fakeShop } from '../../test/fake-shop-server';
import { makeStore, renderWithApp } from '../../test/render';
import { loggedIn } from '../auth/auth-slice';
import { WishlistPage } from './wishlist-page';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
// The shop's lazy toast module hands every toast to the (mocked) react-toastify at once.
vi.mock('../../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));

let shop: FakeShop;
beforeEach(() => {
  vi.clearAllMocks();
  shop = fakeShop([
    { id: 3, title: 'Ghee 1 L', price: 900, marked: 1000, stock: 4 },
    { id: 4, title: 'Tea 500 g', price: 120, stock: 0 },
  ]);
});
afterEach(() => shop.restore());

function customer() {
  const store = makeStore();
  store.dispatch(loggedIn({ access: 'a', refresh: 'r', user_id: 7 }));
  return store;
}

describe('wishlist screen', () => {
  it('asks a visitor to log in', () => {
    renderWithApp(<WishlistPage />);
    expect(screen.getByText('Please login to view your wishlist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(shop.calls).toEqual([]);
  });

  it('shows "Loading your wishlist...", then the empty state with Shop Now', async () => {
    const release = shop.hold();
    renderWithApp(<WishlistPage />, customer());
    expect(screen.getByText('Loading your wishlist...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/');
  });

  it('shows the error view with Retry', async () => {
    shop.failNext(/list\/wishlist/, 'network');
    renderWithApp(<WishlistPage />, customer());
    expect(await screen.findByText('Failed to fetch wishlist')).toBeInTheDocument();
    shop.seedWishlist([3]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Ghee 1 L' })).toBeInTheDocument();
  });

  it('cards open the product, remove with the heart, Buy Now and add with the cart icon', async () => {
    shop.seedWishlist([3, 4]);
    const { store, router } = renderWithApp(<WishlistPage />, customer());
    const ghee = await screen.findByRole('article', { name: 'Ghee 1 L' });
    expect(within(ghee).getByRole('link', { name: 'Ghee 1 L' })).toHaveAttribute('href', '/detail/product-3');
    expect(within(ghee).getByText('Rs 900')).toBeInTheDocument();

    await userEvent.click(within(ghee).getByRole('button', { name: 'Add Ghee 1 L to cart' }));
    await waitFor(() => expect(store.getState().cart.items.map((i) => i.product)).toEqual([3]));
    expect([...shop.cart]).toEqual([[3, 1]]);

    // Out of stock: no Buy Now, no add.
    const tea = screen.getByRole('article', { name: 'Tea 500 g' });
    expect(within(tea).getByRole('button', { name: 'Buy Now Tea 500 g' })).toBeDisabled();
    expect(within(tea).getByRole('button', { name: 'Add Tea 500 g to cart' })).toBeDisabled();
    await userEvent.click(within(tea).getByRole('button', { name: 'Remove Tea 500 g from wishlist' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tea 500 g' })).not.toBeInTheDocument());
    expect(shop.wishlist.map((e) => e.product)).toEqual([3]);

    await userEvent.click(within(ghee).getByRole('button', { name: 'Buy Now Ghee 1 L' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect([...shop.cart]).toEqual([[3, 1]]);
  });

  it('a heart whose removal lost its answer shows the truth, and tapping again is no error', async () => {
    shop.seedWishlist([3, 4]);
    renderWithApp(<WishlistPage />, customer());
    const ghee = await screen.findByRole('article', { name: 'Ghee 1 L' });
    const heart = () => within(ghee).getByRole('button', { name: 'Remove Ghee 1 L from wishlist' });

    // The server removed it, the answer was lost, and the reload failed as well: the card stays.
    shop.failNext(/^DELETE \/update\/wishlist\//, 'lost');
    shop.failNext(/^GET \/list\/wishlist\//, 'network');
    await userEvent.click(heart());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to remove from wishlist'));
    expect(shop.wishlist.map((e) => e.product)).toEqual([4]);
    await waitFor(() => expect(heart()).not.toHaveAttribute('aria-disabled', 'true'));
    expect(screen.getByRole('article', { name: 'Ghee 1 L' })).toBeInTheDocument();

    // The shopper taps the heart again: the server has no such entry (404), so it is gone.
    await userEvent.click(heart());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ghee 1 L' })).not.toBeInTheDocument());
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalledWith('Wishlist item ID not found');
  });

  it('after a removal with no answer the list is read again: the card goes if the server removed it', async () => {
    shop.seedWishlist([3, 4]);
    renderWithApp(<WishlistPage />, customer());
    const ghee = await screen.findByRole('article', { name: 'Ghee 1 L' });
    shop.failNext(/^DELETE \/update\/wishlist\//, 'lost');
    await userEvent.click(within(ghee).getByRole('button', { name: 'Remove Ghee 1 L from wishlist' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ghee 1 L' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Tea 500 g' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
