import { render, screen } from '@testing-library/react';
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

function renderSearch(query: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/search',
        element: <SearchPage />,
      },
    ],
    { initialEntries: [`/search?query=${encodeURIComponent(query)}`] },
  );
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
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
