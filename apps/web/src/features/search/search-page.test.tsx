import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { product } from '../../test/fake-shop-server';
import { makeStore } from '../../test/render';
import { searchProducts, searchProductsPage } from '../catalogue/catalogue-api';
import { SearchPage } from './search-page';

vi.mock('../catalogue/catalogue-api', () => ({ searchProductsPage: vi.fn(), searchProducts: vi.fn() }));

const item = (id: number, title: string) => product({ id, title, price: 100, stock: 5 });

function renderSearch(query: string, filters = '') {
  const router = createMemoryRouter(
    [
      {
        path: '/search',
        element: <SearchPage />,
      },
    ],
    { initialEntries: [`/search?query=${encodeURIComponent(query)}${filters}`] },
  );
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('SearchPage, paged', () => {
  it('shows every product the server found, in its order, with its count, and loads more', async () => {
    const user = userEvent.setup();
    // The server found 5 for "चामल": their Nepali titles matched, which no client-side rule reads.
    vi.mocked(searchProductsPage).mockImplementation(async (_q, page) =>
      page === 1
        ? {
            results: [item(1, 'Sona Mansuli Rice 25 kg'), item(2, 'Basmati Rice 1 kg')],
            count: 5,
            next: '/api/ecommerce/products?q=%E0%A4%9A&page=2',
          }
        : {
            results: [item(3, 'Jeera Masino Rice 5 kg'), item(4, 'Pulao mix'), item(5, 'Chiura 1 kg')],
            count: 5,
            next: null,
          },
    );
    vi.mocked(searchProducts).mockResolvedValue([item(9, 'Mustard Oil')]);
    renderSearch('चामल');

    expect(await screen.findByText('5 products found')).toBeInTheDocument();
    const titles = () =>
      screen
        .getAllByRole('article')
        .filter((a) => screen.getByRole('list', { name: 'Search results' }).contains(a))
        .map((a) => a.getAttribute('aria-label'));
    expect(titles()).toEqual(['Sona Mansuli Rice 25 kg', 'Basmati Rice 1 kg']);

    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText('Chiura 1 kg')).toBeInTheDocument();
    expect(titles()).toEqual([
      'Sona Mansuli Rice 25 kg',
      'Basmati Rice 1 kg',
      'Jeera Masino Rice 5 kg',
      'Pulao mix',
      'Chiura 1 kg',
    ]);
    expect(screen.getByText('5 products found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
    expect(vi.mocked(searchProductsPage).mock.calls.map((c) => [c[0], c[1]])).toEqual([
      ['चामल', 1],
      ['चामल', 2],
    ]);
    expect(screen.getByRole('heading', { name: 'Similar Products' })).toBeInTheDocument();
  }, 15_000);
});

describe('SearchPage, recommendations', () => {
  it('reads the recommendations once while the page is open, and a search shows without them', async () => {
    vi.mocked(searchProductsPage).mockReset();
    vi.mocked(searchProducts).mockReset();
    vi.mocked(searchProductsPage).mockImplementation(async (q) => ({
      results: [item(q === 'rice' ? 1 : 2, q === 'rice' ? 'Basmati Rice 1 kg' : 'Masoor Dal 1 kg')],
      count: 1,
      next: null,
    }));
    vi.mocked(searchProducts).mockRejectedValue(new Error('Network Error'));
    const router = renderSearch('rice');
    expect(await screen.findByRole('article', { name: 'Basmati Rice 1 kg' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(() => router.navigate('/search?query=dal'));
    expect(await screen.findByRole('article', { name: 'Masoor Dal 1 kg' })).toBeInTheDocument();
    expect(vi.mocked(searchProductsPage).mock.calls.map((c) => c[0])).toEqual(['rice', 'dal']);
    expect(searchProducts).toHaveBeenCalledTimes(1);
  });
});

describe('SearchPage, sort and filters', () => {
  it('sends the address’s sort and filters, keeps new ones in the address, and Back restores the list', async () => {
    const user = userEvent.setup();
    vi.mocked(searchProductsPage).mockReset();
    vi.mocked(searchProductsPage).mockImplementation(async (_q, _page, filters) => ({
      results:
        filters?.sort === 'price_desc'
          ? [item(2, 'Basmati Rice'), item(1, 'Jeera Rice')]
          : [item(1, 'Jeera Rice')],
      count: filters?.sort === 'price_desc' ? 2 : 1,
      next: null,
      brands: [
        { brand: 'Gyan', count: 1 },
        { brand: 'Himalayan', count: 1 },
      ],
    }));
    vi.mocked(searchProducts).mockResolvedValue([]);
    const router = renderSearch('rice', '&in_stock=true&sort=price_asc');

    expect(await screen.findByText('1 products found')).toBeInTheDocument();
    expect(vi.mocked(searchProductsPage).mock.calls[0].slice(0, 3)).toEqual([
      'rice',
      1,
      { sort: 'price_asc', minPrice: '', maxPrice: '', brands: [], onSale: false, inStock: true },
    ]);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Price: low to high');
    expect(screen.getByRole('button', { name: /^Filters 1 ?applied$/ })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');
    expect(await screen.findByText('2 products found')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?query=rice&sort=price_desc&in_stock=true');

    // The panel: the server's brands with counts; ticking one narrows the list through the address.
    await user.click(screen.getByRole('button', { name: /^Filters 1 ?applied$/ }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(panel).getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await user.click(within(panel).getByRole('checkbox', { name: 'Gyan (1)' }));
    expect(router.state.location.search).toBe('?query=rice&sort=price_desc&brand=Gyan&in_stock=true');
    await user.type(within(panel).getByRole('textbox', { name: 'Lowest price' }), '300');
    await user.type(within(panel).getByRole('textbox', { name: 'Highest price' }), '100');
    await user.click(within(panel).getByRole('button', { name: 'Apply price' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'The highest price cannot be below the lowest.',
    );
    await user.clear(within(panel).getByRole('textbox', { name: 'Lowest price' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Lowest price' }), '99.5');
    await user.click(within(panel).getByRole('button', { name: 'Apply price' }));
    expect(router.state.location.search).toBe(
      '?query=rice&sort=price_desc&min_price=99.5&max_price=100&brand=Gyan&in_stock=true',
    );
    expect(vi.mocked(searchProductsPage).mock.lastCall?.[2]).toMatchObject({
      minPrice: '99.5',
      maxPrice: '100',
    });

    // Back, twice: the brand, then the sort as they were, asked for again.
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?query=rice&sort=price_desc&in_stock=true');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('1 products found')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Price: low to high');
    expect(vi.mocked(searchProductsPage).mock.lastCall?.[2]).toMatchObject({ sort: 'price_asc', brands: [] });
  }, 20_000);
});
