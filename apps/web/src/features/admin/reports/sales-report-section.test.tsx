import type { Dashboard } from '@pasal/contract/admin-dashboard';
import type { SalesReport } from '@pasal/contract/admin-reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { renderInRouter } from '../../../test/render-in-router';
import { DashboardPage } from '../dashboard/dashboard-page';
import { nepalDay } from './sales-report-section';

const period = {
  from: '2025-10-01T00:00:00+05:45',
  to: '2025-10-02T00:00:00+05:45',
  orders: 0,
  revenue: 0,
  cancelled: 0,
};
const dashboard: Dashboard = {
  generated_at: '2025-10-03T12:00:00+05:45',
  today: period,
  this_week: period,
  orders_waiting: [],
  low_stock: { count: 0, products: [] },
  payments_pending: { count: 0, amount: 0, payments: [] },
  payments_refund_due: { count: 0, amount: 0, payments: [] },
};

function report(from: string, to: string, revenue: number): SalesReport {
  return {
    from,
    to,
    days: 2,
    generated_at: '2025-10-03T12:00:00+05:45',
    totals: { orders: 3, revenue, average_order: revenue / 3, cancelled: 1 },
    sales_by_day: [
      { date: from, orders: 2, revenue: revenue - 100 },
      { date: to, orders: 1, revenue: 100 },
    ],
    orders_by_status: [
      { status: 'Order Processing', count: 1 },
      { status: 'Packed', count: 0 },
      { status: 'Out for Delivery', count: 0 },
      { status: 'Delivered', count: 2 },
      { status: 'Cancelled', count: 1 },
    ],
    payment_methods: [
      { method: 'cash', orders: 2, revenue: revenue - 100 },
      { method: 'esewa', orders: 1, revenue: 100 },
      { method: 'khalti', orders: 0, revenue: 0 },
    ],
    top_products: [{ product_id: 5, title: 'Basmati Rice 5 kg', quantity: 4, revenue: 1200 }],
    top_categories: [{ category_id: 2, title: 'Groceries', quantity: 4, revenue: 1200 }],
    cancellations: {
      by: [
        { cancelled_by: 'customer', count: 1 },
        { cancelled_by: 'staff', count: 0 },
        { cancelled_by: 'system', count: 0 },
      ],
      reasons: [{ reason: 'Changed my mind', count: 1 }],
    },
  };
}

let asked: Record<string, string>[] = [];
const previousAdapter = apiClient.defaults.adapter;
const previousGetContext = HTMLCanvasElement.prototype.getContext;

beforeEach(() => {
  asked = [];
  // jsdom draws nothing; the charts' tables carry the figures.
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof previousGetContext;
  const adapter: AxiosAdapter = async (config) => {
    let data: unknown = dashboard;
    if (config.url === '/reports/sales/') {
      const params = config.params as Record<string, string>;
      asked.push(params);
      data = report(params.from, params.to, params.from === '2025-09-01' ? 9100.5 : 1650.5);
    }
    return { data, status: 200, statusText: 'OK', headers: {}, config } as AxiosResponse;
  };
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  apiClient.defaults.adapter = previousAdapter;
  HTMLCanvasElement.prototype.getContext = previousGetContext;
  vi.restoreAllMocks();
});

/** A blob's text, its byte order mark kept (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<string> {
  return new Promise((done) => {
    const reader = new FileReader();
    reader.onload = () =>
      done(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

async function openTable(name: string) {
  await userEvent.click(screen.getByText(`Table of ${name.toLowerCase()}`));
  return screen.getByRole('table', { name });
}

// The dashboard renders a good deal at once; a loaded machine needs more than the defaults.
describe('the dashboard’s sales report', { timeout: 20_000 }, () => {
  it('shows the last 30 Nepal days at first: each chart’s summary and its figures as a table', async () => {
    renderInRouter(<DashboardPage />);
    expect(
      await screen.findByText(/Rs 1,650\.50 from 3 orders over 2 days/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(asked).toEqual([{ from: nepalDay(new Date(), 29), to: nepalDay(new Date()) }]);

    const sales = await openTable('Sales per day');
    const rows = within(sales).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayOrdersRevenue (Rs)',
      `${nepalDay(new Date(), 29)}2Rs 1,550.50`,
      `${nepalDay(new Date())}1Rs 100.00`,
    ]);
    const statuses = await openTable('Orders by status');
    expect(within(statuses).getByRole('row', { name: 'Delivered 2' })).toBeInTheDocument();
    const products = await openTable('Top products');
    expect(
      within(products).getByRole('row', { name: 'Basmati Rice 5 kg 4 Rs 1,200.00' }),
    ).toBeInTheDocument();
    const reasons = await openTable('Cancellations and their reasons');
    expect(within(reasons).getByRole('row', { name: 'Changed my mind 1' })).toBeInTheDocument();
    expect(
      screen.getByText(/1 order of 4 placed was cancelled \(25 %\): 1 by customers/),
    ).toBeInTheDocument();
  });

  it('a new range is asked for and shown', async () => {
    renderInRouter(<DashboardPage />);
    await screen.findByText(/Rs 1,650\.50 from 3 orders/, undefined, { timeout: 5000 });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2025-09-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2025-09-30');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(
      await screen.findByText(/Rs 9,100\.50 from 3 orders/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ from: '2025-09-01', to: '2025-09-30' });
    expect(asked).toHaveLength(2);
  });

  it('each chart’s figures download as a CSV file with a byte order mark', async () => {
    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderInRouter(<DashboardPage />);
    await screen.findByText(/Rs 1,650\.50 from 3 orders/, undefined, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV of payment methods' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const text = await bytesOf(files[0]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe(
      'Payment method,Orders,Revenue (Rs)\r\nCash on delivery,2,1550.50\r\neSewa,1,100.00\r\nKhalti,0,0.00\r\n',
    );
  });
});
