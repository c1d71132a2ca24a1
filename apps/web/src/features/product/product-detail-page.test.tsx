import type { Product } from '@pasal/contract/catalogue';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const withPictures: Product = {
  ...product,
  primary_image: { image: '/media/products/oil-1.webp', thumbnail_image: '/media/products/oil-1-t.webp' },
  product_images: [{ image: '/media/products/oil-2.webp', thumbnail_image: '/media/products/oil-2-t.webp' }],
};
let shown = product;

vi.mock('./product-detail-api', () => ({
  DetailError: class extends Error {},
  loadProductDetail: () => Promise.resolve({ product: shown, sizes: [], reviews: [], recommended: [] }),
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

/** An IntersectionObserver the test drives: `set(false)` says the watched element left the screen. */
function fakeIntersections() {
  const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback });
      }
      observe(target: Element) {
        observers[observers.length - 1].target = target;
      }
      disconnect() {}
    },
  );
  return async (isIntersecting: boolean) => {
    // The page starts watching in an effect, which may run a little after it is painted.
    await waitFor(() => expect(observers.some((o) => o.target)).toBe(true));
    await act(() => {
      for (const o of observers)
        if (o.target) o.callback([{ isIntersecting, target: o.target } as never], {} as never);
    });
  };
}

describe('detail page on a phone: the buy bar', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the price and Add to Cart once the page’s own button is out of view, and it adds', async () => {
    const set = fakeIntersections();
    const store = renderDetail();
    await addButton();
    expect(screen.queryByRole('region', { name: 'Buy Mustard Oil 1 L' })).not.toBeInTheDocument();
    // The page keeps room at its foot for the bar the whole time.
    expect(document.documentElement).toHaveClass('with-buy-bar');

    await set(false);
    const bar = screen.getByRole('region', { name: 'Buy Mustard Oil 1 L' });
    expect(bar).toHaveTextContent('Rs. 350');
    await userEvent.click(plus());
    await userEvent.click(within(bar).getByRole('button', { name: 'Add to Cart' }));
    expect(store.getState().cart.items[0]).toMatchObject({ product: 21, quantity: 2 });
    expect(toast.success).toHaveBeenCalledWith('Item added to cart!', { autoClose: 1500 });

    await set(true);
    expect(screen.queryByRole('region', { name: 'Buy Mustard Oil 1 L' })).not.toBeInTheDocument();
  });

  it('records the product as recently viewed (id and slug only)', async () => {
    const store = renderDetail();
    await addButton();
    // Recorded by an effect, which runs after the page is painted.
    await waitFor(() =>
      expect(store.getState().recentlyViewed.items).toEqual([{ id: 21, slug: 'mustard-oil' }]),
    );
  });
});

describe('detail page: the full-screen gallery', () => {
  beforeEach(() => {
    shown = withPictures;
  });
  afterEach(() => {
    shown = product;
  });

  it('opens from the picture’s button with the keyboard and closes with Escape, focus back on the button', async () => {
    renderDetail();
    const open = await screen.findByRole('button', {
      name: 'Open the pictures of Mustard Oil 1 L full screen',
    });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const gallery = await screen.findByRole('dialog', { name: 'Pictures of Mustard Oil 1 L' });
    expect(gallery).toHaveAttribute('aria-modal', 'true');
    // Focus is inside the dialog; the first picture shows, so there is no previous one.
    expect(gallery).toContainElement(document.activeElement as HTMLElement);
    expect(within(gallery).getByRole('group', { name: 'Picture 1 of 2' })).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: 'Previous picture' })).toBeDisabled();
    expect(within(gallery).getByRole('button', { name: 'Next picture' })).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  }, 20_000);

  it('opens with a tap on the picture itself', async () => {
    renderDetail();
    await userEvent.click(await screen.findByRole('img', { name: 'Mustard Oil 1 L' }));
    expect(await screen.findByRole('dialog', { name: 'Pictures of Mustard Oil 1 L' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Close the pictures' }),
    ).toBeVisible();
  });
});
