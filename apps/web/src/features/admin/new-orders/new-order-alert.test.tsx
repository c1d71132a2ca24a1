import type { AdminNewOrders, AdminOrderSummary } from '@pasal/contract/admin-orders';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import * as sound from './alert-sound';
import { MUTE_KEY } from './alert-sound';
import { NewOrderAlert } from './new-order-alert';
import { POLL_MS } from './use-new-orders';

function summary(id: number): AdminOrderSummary {
  return {
    id,
    tracking_id: `PSL00000000${id}`,
    created_at: '2026-03-05T10:00:00+05:45',
    order_status: 'Order Processing',
    payment_method: 'cash',
    payment_status: 'Unpaid',
    total: 951,
    items_count: 2,
    customer: { id: 7, name: 'Gita Karki', phone: '9800000001', email: null },
    slot: null,
    rider: null,
  };
}

/** The database as the poll sees it: the newest id, and the orders placed after it. */
let newest = 40;
/** The `after` of each poll (undefined: the first). */
let asked: (number | undefined)[] = [];
let previousAdapter: typeof apiClient.defaults.adapter;
let ring: ReturnType<typeof vi.spyOn>;

// The client loads axios on its first call: done here, with real timers, once.
beforeAll(async () => {
  const previous = apiClient.defaults.adapter;
  apiClient.defaults.adapter = async (config) => ({
    data: {},
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
  await apiClient.get('/warm-up');
  apiClient.defaults.adapter = previous;
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  newest = 40;
  window.localStorage.clear();
  document.title = 'Orders | Console | Pasal';
  ring = vi.spyOn(sound, 'playNewOrderSound').mockImplementation(() => {});
  asked = [];
  const adapter: AxiosAdapter = async (config) => {
    expect(config.url).toBe('/orders/new/');
    const after = (config.params as { after?: string } | undefined)?.after;
    asked.push(after === undefined ? undefined : Number(after));
    const fresh = after === undefined ? 0 : Math.max(0, newest - Number(after));
    const data: AdminNewOrders = {
      latest_id: newest,
      count: fresh,
      results: Array.from({ length: fresh }, (_, i) => summary(newest - i)),
    };
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  previousAdapter = apiClient.defaults.adapter;
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  apiClient.defaults.adapter = previousAdapter;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function show() {
  const router = createMemoryRouter([{ path: '*', element: <NewOrderAlert /> }], {
    initialEntries: ['/admin/orders'],
  });
  return render(<RouterProvider router={router} />);
}

async function nextPoll() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(POLL_MS);
  });
}

describe('NewOrderAlert', () => {
  it('shows orders placed after the console opened, rings, and counts them in the tab title', async () => {
    show();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByRole('link', { name: /new order/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Orders | Console | Pasal');

    newest = 42;
    await nextPoll();
    expect(screen.getByRole('link', { name: '2 new orders' })).toHaveAttribute('href', '/admin/orders');
    expect(document.title).toBe('(2) Orders | Console | Pasal');
    expect(ring).toHaveBeenCalledTimes(1);

    // Nothing new: no second ring. A screen that sets its own title keeps the count in front.
    await nextPoll();
    expect(ring).toHaveBeenCalledTimes(1);
    await act(async () => {
      document.title = 'Order 42 | Console | Pasal';
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(document.title).toBe('(2) Order 42 | Console | Pasal');

    fireEvent.click(screen.getByRole('button', { name: 'Mark as seen' }));
    expect(screen.queryByRole('link', { name: /new order/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Order 42 | Console | Pasal');
    // The next poll starts from the orders seen.
    await nextPoll();
    expect(screen.queryByRole('link', { name: /new order/ })).not.toBeInTheDocument();
    expect(asked).toEqual([undefined, 40, 40, 42]);
  });

  it('stays quiet when muted, and remembers the choice in this browser', async () => {
    show();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const mute = screen.getByRole('button', { name: 'Mute new-order sound' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(MUTE_KEY)).toBe('off');

    newest = 41;
    await nextPoll();
    // One order: the link opens it.
    expect(screen.getByRole('link', { name: '1 new order' })).toHaveAttribute('href', '/admin/orders/41');
    expect(ring).not.toHaveBeenCalled();
  });

  it('opens muted when staff muted it before', async () => {
    window.localStorage.setItem(MUTE_KEY, 'off');
    show();
    expect(screen.getByRole('button', { name: 'Mute new-order sound' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mute new-order sound' }));
    expect(window.localStorage.getItem(MUTE_KEY)).toBeNull();
  });
});
