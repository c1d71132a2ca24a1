import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../../components/product-card';
import { flyToCart } from '../../lib/fly-to-cart';
import { renderWithApp } from '../../test/render';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
// The shop's lazy toast module hands every toast to the (mocked) react-toastify at once.
vi.mock('../../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));
vi.mock('../../lib/fly-to-cart', () => ({ flyToCart: vi.fn(() => Promise.resolve()) }));

const base = {
  id: 7,
  slug: 'basmati-rice',
  title: 'Basmati Rice 1 kg',
  marked_price: 300,
  selling_price: 200,
  total_available_quantity: 5,
};

describe('Add To Cart on a product card (visitor)', () => {
  beforeEach(() => vi.clearAllMocks());

  it('is disabled and reads Out of Stock without stock', () => {
    renderWithApp(<ProductCard product={{ ...base, total_available_quantity: 0 }} />);
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });

  it('adds one after the animation and is busy meanwhile', async () => {
    let finishAnimation = () => {};
    vi.mocked(flyToCart).mockReturnValueOnce(new Promise<void>((resolve) => (finishAnimation = resolve)));
    const { store } = renderWithApp(<ProductCard product={base} />);
    const button = screen.getByRole('button', { name: 'Add To Cart' });
    await userEvent.click(button);
    // While the animation runs: busy, nothing added, nothing announced; a second click adds nothing.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveTextContent('Adding...');
    await userEvent.click(button);
    expect(store.getState().cart.totalItems).toBe(0);
    expect(toast.success).not.toHaveBeenCalled();
    finishAnimation();
    await waitFor(() => expect(store.getState().cart.totalItems).toBe(1));
    expect(flyToCart).toHaveBeenCalledTimes(1);
    expect(store.getState().cart.items[0]).toMatchObject({ product: 7, quantity: 1, rate: 200 });
    expect(toast.success).toHaveBeenCalledWith('Basmati Rice 1 kg added to cart!', { autoClose: 1500 });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(button).toHaveTextContent('Add To Cart');
  });

  it('warns with the stock once the cart holds all of it', async () => {
    const { store } = renderWithApp(<ProductCard product={{ ...base, total_available_quantity: 1 }} />);
    const button = screen.getByRole('button', { name: 'Add To Cart' });
    await userEvent.click(button);
    await waitFor(() => expect(store.getState().cart.totalItems).toBe(1));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(button);
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('Only 1 items available in stock'));
    expect(store.getState().cart.totalItems).toBe(1);
  });
});
