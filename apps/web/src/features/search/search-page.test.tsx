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
  it('shows what matches every word, counts the server total less what the rule turned away, and loads more', async () => {
    const user = userEvent.setup();
    // The server found 5 for "basmati rice"; one of them (its Nepali title matched) fails the
    // storefront's rule, which reads the title, description and category.
    vi.mocked(searchProductsPage).mockImplementation(async (_q, page) =>
      page === 1
        ? {
            results: [item(1, 'Basmati Rice 1 kg'), item(2, 'Pulao mix')],
            count: 5,
            next: '/api/ecommerce/products?q=basmati+rice&page=2',
          }
        : {
            results: [
              item(3, 'Basmati Rice 5 kg'),
              item(4, 'Basmati Rice 10 kg'),
              item(5, 'Rice Basmati 25 kg'),
            ],
            count: 5,
            next: null,
          },
    );
    vi.mocked(searchProducts).mockResolvedValue([item(9, 'Mustard Oil')]);
    renderSearch('basmati rice');

    expect(await screen.findByText('4 products found')).toBeInTheDocument();
    const results = () => screen.getByRole('list', { name: 'Search results' });
    expect(results()).toHaveTextContent('Basmati Rice 1 kg');
    expect(results()).not.toHaveTextContent('Pulao mix');

    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText('Rice Basmati 25 kg')).toBeInTheDocument();
    expect(screen.getByText('4 products found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
    expect(vi.mocked(searchProductsPage).mock.calls.map((c) => [c[0], c[1]])).toEqual([
      ['basmati rice', 1],
      ['basmati rice', 2],
    ]);
    expect(screen.getByRole('heading', { name: 'Similar Products' })).toBeInTheDocument();
  }, 15_000);
});
