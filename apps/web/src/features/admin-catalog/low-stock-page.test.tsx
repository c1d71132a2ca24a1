import type { LowStockItem } from '@pasal/contract/admin-low-stock';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { consoleServer } from '../admin/orders/admin-orders-test-server';
import { LowStockPage } from './low-stock-page';

let server: ReturnType<typeof consoleServer> | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const item = (id: number, patch: Partial<LowStockItem> = {}): LowStockItem => ({
  id,
  slug: `item-${id}`,
  title: `Item ${id}`,
  nepali_title: '',
  unit: '1 kg',
  category_title: 'Grocery',
  stock: 3,
  low_stock_threshold: 10,
  stock_state: 'low',
  sold_30_days: 30,
  days_left: 3,
  ...patch,
});

describe('LowStockPage (the catalogue list table it shares with the products page)', {
  timeout: 20_000,
}, () => {
  it('lists the page it got, sorts and turns pages through the address', async () => {
    server = consoleServer(() => ({
      status: 200,
      body: {
        count: 60,
        page: 1,
        page_size: 50,
        results: [item(1), item(2, { stock: 0, stock_state: 'out_of_stock' })],
      },
    }));
    const { router } = renderPage(<LowStockPage />);
    const table = await screen.findByRole('table', { name: 'Low or out of stock' });
    await within(table).findByText('Item 2');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Low (below 10)');
    expect(rows[2]).toHaveTextContent('Out of stock');
    const pager = screen.getByRole('navigation', { name: 'Low stock pages' });
    expect(pager).toHaveTextContent('Showing 1–50 of 60');

    await userEvent.click(within(table).getByRole('button', { name: /^Sold in 30 days/ }));
    expect(router.state.location.search).toBe('?sort=sold_30_days&order=asc');
    await within(table).findByText('Item 2');
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
  });

  it('says why the list cannot be loaded', async () => {
    server = consoleServer(() => ({ status: 503, body: { message: 'The shop is being updated.' } }));
    renderPage(<LowStockPage />);
    expect(await screen.findByText('The shop is being updated.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('table', { name: 'Low or out of stock' })).toHaveTextContent(
      'Nothing is low or out of stock.',
    );
  });
});
