import type { Product } from '@pasal/contract/catalogue';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../test/render';
import { ProductDetailPage } from './product-detail-page';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
// The shop's lazy toast module hands every toast to the (mocked) react-toastify at once.
vi.mock('../../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));

const product: Product = {
  id: 21,
  slug: 'mustard-oil',
  title: 'Mustard Oil 1 L',
  nepali_title: '',
  brand: '',
  unit: 'L',
  description: 'Cold pressed.',
  short_description: '',
  marked_price: 400,
  selling_price: 350,
  price: 350,
  discount_percentage: 13,
  total_available_quantity: 5,
  image: null,
  thumbnail: null,
  primary_image: null,
  product_images: [],
  category: 'Oil',
  category_id: 1,
  category_slug: 'oil',
  isOrganic: false,
  rating: 0,
  average_rating: 0,
  rating_count: 0,
  ratingCount: 0,
  unit_price: { amount: 350, per: 'l' },
};

vi.mock('./product-detail-api', () => ({
  DetailError: class extends Error {},
  loadProductDetail: () => Promise.resolve({ product, sizes: [], reviews: [], recommended: [] }),
}));

function renderDetail(store = makeStore()) {
  const router = createMemoryRouter([{ path: '/detail/:slug', element: <ProductDetailPage /> }], {
    initialEntries: ['/detail/mustard-oil'],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return store;
}

const addButton = () => screen.findByRole('button', { name: 'Add to Cart' });
const plus = () => screen.getByRole('button', { name: 'Increase quantity' });

describe('detail page Add to Cart', () => {
  beforeEach(() => vi.clearAllMocks());

  it('adds the chosen quantity and announces it with a cart toast (1500 ms)', async () => {
    const store = renderDetail();
    const add = await addButton();
    await userEvent.click(plus());
    await userEvent.click(add);
    expect(store.getState().cart.items[0]).toMatchObject({ product: 21, quantity: 2 });
    expect(toast.success).toHaveBeenCalledWith('Item added to cart!', { autoClose: 1500 });
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('adds only what is left and warns when the cart already holds part of the stock', async () => {
    const store = renderDetail();
    const add = await addButton();
    await userEvent.click(plus());
    await userEvent.click(plus());
    await userEvent.click(plus()); // 4 of 5
    await userEvent.click(add); // cart: 4
    vi.clearAllMocks();
    await userEvent.click(add); // only 1 more fits
    expect(store.getState().cart.items[0]).toMatchObject({ quantity: 5 });
    expect(toast.warning).toHaveBeenCalledWith('Only 1 items available in stock');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('adds nothing and warns with the stock when the cart already holds all of it', async () => {
    const store = renderDetail();
    const add = await addButton();
    for (let i = 0; i < 4; i++) await userEvent.click(plus()); // 5 of 5
    await userEvent.click(add);
    vi.clearAllMocks();
    await userEvent.click(add);
    expect(store.getState().cart.totalItems).toBe(5);
    expect(toast.warning).toHaveBeenCalledWith('Only 5 items available in stock');
    expect(toast.success).not.toHaveBeenCalled();
  });
});
