import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flyToCart } from '../lib/fly-to-cart';
import { renderWithApp } from '../test/render';
import { ProductCard } from './product-card';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn() }),
}));
vi.mock('../lib/fly-to-cart', () => ({ flyToCart: vi.fn(() => Promise.resolve()) }));

const base = {
  id: 7,
  slug: 'basmati-rice',
  title: 'Basmati Rice 1 kg',
  nepali_title: 'बासमती चामल',
  marked_price: 300,
  selling_price: 200,
  total_available_quantity: 5,
  primary_image: { image: '/media/rice.webp', thumbnail_image: '/media/rice-thumb.webp' },
  isOrganic: false,
};

describe('ProductCard', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows title, selling price, struck marked price and the rounded discount', () => {
    renderWithApp(<ProductCard product={base} />);
    expect(screen.getByRole('link', { name: 'Basmati Rice 1 kg' })).toHaveAttribute(
      'href',
      '/detail/basmati-rice',
    );
    expect(screen.getByText('Rs 200')).toBeInTheDocument();
    expect(screen.getByText('Rs 300').closest('del')).not.toBeNull();
    expect(screen.getByText('33% off')).toBeInTheDocument();
    expect(screen.getByAltText('Basmati Rice 1 kg')).toHaveAttribute('src', '/media/rice-thumb.webp');
    expect(screen.queryByText('ORGANIC')).not.toBeInTheDocument();
  });

  it('falls back to the Nepali title, 44 % of the marked price and the default image', () => {
    renderWithApp(
      <ProductCard
        product={{ id: 8, title: '', nepali_title: 'चामल', marked_price: 250, total_available_quantity: 1 }}
      />,
    );
    expect(screen.getByRole('link', { name: 'चामल' })).toBeInTheDocument();
    expect(screen.getByText('Rs 110')).toBeInTheDocument();
    expect(screen.getByAltText('चामल')).toHaveAttribute('src', '/default-image.jpg');
  });

  it('shows the ORGANIC badge and swaps a broken image for a placeholder', () => {
    renderWithApp(<ProductCard product={{ ...base, isOrganic: true }} />);
    expect(screen.getByText('ORGANIC')).toBeInTheDocument();
    fireEvent.error(screen.getByAltText('Basmati Rice 1 kg'));
    expect(
      screen.getByRole('img', { name: 'Basmati Rice 1 kg (image unavailable)', hidden: true }),
    ).toBeInTheDocument();
  });

  it('shows the OUT OF STOCK overlay and a disabled button without stock', () => {
    renderWithApp(<ProductCard product={{ ...base, total_available_quantity: 0 }} />);
    expect(screen.getByText('OUT OF STOCK')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });

  it('adds one to the cart after the animation and disables the button meanwhile', async () => {
    let finishAnimation = () => {};
    vi.mocked(flyToCart).mockReturnValueOnce(new Promise<void>((resolve) => (finishAnimation = resolve)));
    const { store } = renderWithApp(<ProductCard product={base} />);
    const { toast } = await import('react-toastify');
    const button = screen.getByRole('button', { name: 'Add To Cart' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    // While the animation runs: disabled (aria-disabled, so focus stays put), nothing added,
    // nothing announced, and pressing again starts nothing.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveTextContent('Adding...');
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    expect(flyToCart).toHaveBeenCalledTimes(1);
    expect(store.getState().cart.totalItems).toBe(0);
    expect(toast.success).not.toHaveBeenCalled();
    finishAnimation();
    await waitFor(() => expect(store.getState().cart.totalItems).toBe(1));
    expect(store.getState().cart.items[0]).toMatchObject({ product: 7, quantity: 1, rate: 200 });
    expect(toast.success).toHaveBeenCalledWith('Basmati Rice 1 kg added to cart!', { autoClose: 1500 });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(button).toHaveTextContent('Add To Cart');
    expect(button).toHaveFocus();
  });

  it('sends a visitor from the heart to /login with the info toast', async () => {
    const { router } = renderWithApp(<ProductCard product={base} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Basmati Rice 1 kg to wishlist' }));
    const { toast } = await import('react-toastify');
    expect(toast.info).toHaveBeenCalledWith('Please login to add items to wishlist');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a red heart when the product is wishlisted', async () => {
    const { store } = renderWithApp(<ProductCard product={base} />);
    store.dispatch({ type: 'auth/loggedIn', payload: { access: 'a', refresh: 'r', user_id: 1 } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Basmati Rice 1 kg to wishlist' }));
    const heart = screen.getByRole('button', { name: 'Remove Basmati Rice 1 kg from wishlist' });
    expect(heart).toHaveClass('is-active');
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });
});
