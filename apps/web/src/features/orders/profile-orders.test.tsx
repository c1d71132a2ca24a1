import { ONLY_PROCESSING_CANCELLABLE } from '@pasal/contract/orders';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { CANCEL_BANNER_MS } from './all-orders-panel';
import { CANCEL_POLICY } from './cancel-order-modal';
import { delivered, order, ordersServer } from './orders-test-server';
import { ProfileOrders } from './profile-orders';

const auth = { access: 'token', user_id: '1', refresh: 'r', isAuthenticated: true };
let server: ReturnType<typeof ordersServer> | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
  vi.useRealTimers();
});

const open = () => renderPage(<ProfileOrders />, { path: '/profile/orders', auth });
/** The desktop sidebar's filter button (the phone dropdown holds the same names). */
const filter = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Order filters' })).getByRole('button', { name });

// Interaction-heavy: room for a busy machine (the default is 5 s).
describe('All Orders', { timeout: 20_000 }, () => {
  it('shows each order with its real lines, total, date and payment state', async () => {
    server = ordersServer({
      orders: [
        order({ id: 1, payment_status: 'Paid', payment_completed: true, order_status: 'Delivered' }),
        order({ id: 2 }),
        order({ id: 3, payment_method: 'esewa', payment_status: 'Pending', can_pay: true }),
      ],
    });
    open();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { name: 'Tracking ID: PSL0000000001' })).toBeInTheDocument();
    expect(first.getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(first.getByText('Rs. 250.00')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Basmati Rice 1 kg' })).toHaveAttribute(
      'href',
      '/detail/basmati-rice',
    );
    expect(first.getByText('Qty: 2 × Rs. 100.00')).toBeInTheDocument();
    expect(first.getByText('Paid')).toBeInTheDocument();
    expect(first.getByText('Delivered')).toBeInTheDocument();
    // A cash order on its way is paid at the door: a neutral label, not a red Unpaid (decision 047).
    expect(within(cards[1]).getByText('Pay on delivery')).toBeInTheDocument();
    expect(within(cards[1]).queryByText('Unpaid')).toBeNull();
    expect(within(cards[1]).getByRole('link', { name: /^Order details/ })).toHaveAttribute(
      'href',
      '/orders/2',
    );
    expect(within(cards[1]).queryByRole('button', { name: /Pay now/ })).toBeNull();
    expect(within(cards[2]).getByText('Payment pending')).toBeInTheDocument();
    expect(within(cards[2]).getByRole('button', { name: /Pay now/ })).toBeInTheDocument();
  });

  it('a paid order cancelled shows Refund due, then Refunded with the day the money went back', async () => {
    server = ordersServer({
      orders: [
        order({
          id: 4,
          order_status: 'Cancelled',
          payment_method: 'khalti',
          payment_status: 'Refunded',
          refunded_at: '2026-03-07T06:00:00.000Z',
        }),
        order({ id: 5, order_status: 'Cancelled', payment_method: 'esewa', payment_status: 'Refund due' }),
      ],
    });
    open();
    const cards = await screen.findAllByRole('article');
    const refunded = within(cards[0]);
    expect(refunded.getByText('Refunded')).toBeInTheDocument();
    expect(refunded.getByText('Refunded On')).toBeInTheDocument();
    expect(refunded.getByText('Mar 7, 2026')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Refund due')).toBeInTheDocument();
    expect(within(cards[1]).queryByText('Refunded On')).toBeNull();
  });

  it('a delivered or cancelled order has no Cancel Order button, and a cancelled one is not Payment pending', async () => {
    server = ordersServer({
      orders: [
        order({ id: 1, payment_status: 'Paid', payment_completed: true, order_status: 'Delivered' }),
        order({ id: 2, payment_method: 'khalti', payment_status: 'Pending', order_status: 'Cancelled' }),
        order({ id: 3, order_status: 'Packed', can_cancel: false }),
      ],
    });
    open();
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]).queryByRole('button', { name: /^Cancel Order/ })).toBeNull();
    expect(within(cards[1]).queryByRole('button', { name: /^Cancel Order/ })).toBeNull();
    expect(within(cards[1]).queryByText('Payment pending')).toBeNull();
    expect(within(cards[1]).getByText('Unpaid')).toBeInTheDocument();
    // An order on its way keeps the button: pressing it says why it cannot be cancelled.
    expect(within(cards[2]).getByRole('button', { name: /^Cancel Order/ })).toBeInTheDocument();
  });

  it('says No orders found. when there are none, and when the list cannot be loaded', async () => {
    server = ordersServer({ orders: [] });
    const view = open();
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    view.unmount();
    server.answerNext(/GET \/order\/list\//, { status: 500, body: { message: 'down' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open();
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
  });

  it('shows the 3 s banner for an order that can no longer be cancelled, and sends nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server = ordersServer({ orders: [order({ id: 1, order_status: 'Packed', can_cancel: false })] });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel Order/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(ONLY_PROCESSING_CANCELLABLE);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(CANCEL_BANNER_MS - 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Cancel Order/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.calls.filter((c) => c.method === 'post')).toEqual([]);
  });

  it('cancels an order in the popup with a reason; the card then shows Cancelled', async () => {
    const user = userEvent.setup();
    server = ordersServer({ orders: [order({ id: 5 })] });
    open();
    await user.click(await screen.findByRole('button', { name: /^Cancel Order/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Order PSL0000000005' });
    expect(within(dialog).getByText(CANCEL_POLICY)).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Basmati Rice 1 kg' })).toBeInTheDocument();
    expect(within(dialog).getByText('Rs. 250.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason');
    expect(server.calls.some((c) => c.method === 'post')).toBe(false);
    await user.click(within(dialog).getByLabelText('Reason for cancellation'));
    await user.paste('  Ordered twice ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Your order has been cancelled.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'post')).toMatchObject({
      url: '/order/cancel/5/',
      body: { reason: 'Ordered twice' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('article')).getByText('Cancelled')).toBeInTheDocument();
  });

  it('keeps the popup open with the server’s message when the cancel is refused', async () => {
    const user = userEvent.setup();
    server = ordersServer({ orders: [order({ id: 6 })] });
    server.answerNext(/POST \/order\/cancel\//, {
      status: 409,
      body: { message: ONLY_PROCESSING_CANCELLABLE },
    });
    open();
    await user.click(await screen.findByRole('button', { name: /^Cancel Order/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByLabelText('Reason for cancellation'));
    await user.paste('Too slow');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ONLY_PROCESSING_CANCELLABLE);
  });

  it('Pay now starts a new payment with the order’s wallet and goes where the server says', async () => {
    const user = userEvent.setup();
    server = ordersServer({
      orders: [order({ id: 9, payment_method: 'khalti', payment_status: 'Unpaid', can_pay: true })],
    });
    const toWallet = vi.fn();
    const { AllOrdersPanel } = await import('./all-orders-panel');
    renderPage(<AllOrdersPanel page={1} onPage={() => {}} toWallet={toWallet} />, { auth });
    await user.click(await screen.findByRole('button', { name: 'Pay now for order PSL0000000009' }));
    expect(server.calls.find((c) => c.method === 'post')).toMatchObject({
      url: '/payments/9/retry/',
      body: { provider: 'khalti' },
    });
    expect(toWallet).toHaveBeenCalledWith({ type: 'redirect', url: '/dev/khalti/pay?pidx=abc' });
    expect(screen.getByRole('button', { name: 'Opening the wallet...' })).toBeDisabled();
    // Back from the wallet with the page restored as it was left: Pay now works again.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(screen.getByRole('button', { name: 'Pay now for order PSL0000000009' })).toBeEnabled();
  });

  it('Pay now shows the server’s refusal and can be pressed again', async () => {
    const user = userEvent.setup();
    server = ordersServer({
      orders: [order({ id: 9, payment_method: 'esewa', payment_status: 'Unpaid', can_pay: true })],
    });
    server.answerNext(/POST \/payments\//, { status: 503, body: { message: 'eSewa is not available.' } });
    const toWallet = vi.fn();
    const { AllOrdersPanel } = await import('./all-orders-panel');
    renderPage(<AllOrdersPanel page={1} onPage={() => {}} toWallet={toWallet} />, { auth });
    await user.click(await screen.findByRole('button', { name: /Pay now/ }));
    expect(await screen.findByText('eSewa is not available.')).toBeInTheDocument();
    expect(toWallet).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Pay now/ })).toBeEnabled();
  });

  it('Pay now refused because the earlier payment went through: says so and the card shows Paid', async () => {
    const user = userEvent.setup();
    const state = {
      orders: [order({ id: 9, payment_method: 'esewa', payment_status: 'Pending', can_pay: true })],
    };
    server = ordersServer(state);
    const message =
      'Your earlier payment for this order went through: the order is paid. Nothing more to pay.';
    server.answerNext(/POST \/payments\//, { status: 409, body: { message } });
    const toWallet = vi.fn();
    const { AllOrdersPanel } = await import('./all-orders-panel');
    renderPage(<AllOrdersPanel page={1} onPage={() => {}} toWallet={toWallet} />, { auth });
    expect(await screen.findByText('Payment pending')).toBeInTheDocument();
    // The server settled the payment it found at eSewa while refusing.
    state.orders = [
      order({ id: 9, payment_method: 'esewa', payment_status: 'Paid', payment_completed: true }),
    ];
    await user.click(screen.getByRole('button', { name: /Pay now/ }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay now/ })).toBeNull();
    expect(toWallet).not.toHaveBeenCalled();
  });

  it('a wallet that does not open after Pay now: after 15 s the card works again and a message links to the order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    server = ordersServer({
      orders: [order({ id: 9, payment_method: 'esewa', payment_status: 'Unpaid', can_pay: true })],
    });
    const { AllOrdersPanel } = await import('./all-orders-panel');
    renderPage(<AllOrdersPanel page={1} onPage={() => {}} toWallet={vi.fn()} />, { auth });
    await user.click(await screen.findByRole('button', { name: /Pay now/ }));
    expect(screen.getByRole('button', { name: 'Opening the wallet...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(screen.getByRole('button', { name: /Pay now/ })).toBeEnabled();
    expect(screen.getByText(/eSewa did not open\. Your order #9 is saved/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your order' })).toHaveAttribute(
      'href',
      '/payment/return?order=9&status=unpaid',
    );
  });

  it('pages through the orders when there are more than fit', async () => {
    const user = userEvent.setup();
    server = ordersServer({ orders: [order({ id: 1 })], count: 25 });
    const { router } = open();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.url === '/order/list/').map((c) => c.params)).toEqual([
      { page: 1 },
      { page: 2 },
    ]);
  });
});

// Interaction-heavy: room for a busy machine (the default is 5 s).
describe('the other filters', { timeout: 20_000 }, () => {
  it('Delivered Products: price, struck-out marked price, percent off and See Details', async () => {
    const user = userEvent.setup();
    server = ordersServer({
      delivered: [delivered({ id: 7, title: 'Ghee 500 ml' }), delivered({ id: 8, marked_price: 80 })],
    });
    const { router } = open();
    await user.click(filter('Delivered Products'));
    const cards = await screen.findAllByRole('article');
    const ghee = within(cards[0]);
    expect(ghee.getByText('20% OFF')).toBeInTheDocument();
    expect(ghee.getByText('Rs. 80.00')).toBeInTheDocument();
    expect(ghee.getByText('Rs. 100.00').tagName).toBe('S');
    expect(ghee.getByText('Purchased on Feb 1, 2026')).toBeInTheDocument();
    expect(within(cards[1]).queryByText(/% OFF/)).toBeNull();
    await user.click(ghee.getByRole('button', { name: 'See Details of Ghee 500 ml' }));
    expect(router.state.location.pathname).toBe('/detail/7');
  });

  it('Cancelled Orders: dates, total, payment method and remarks; empty texts', async () => {
    const user = userEvent.setup();
    server = ordersServer({
      cancellations: [
        {
          id: 3,
          created_on: '2026-03-06T09:00:00.000Z',
          remarks: 'Ordered twice',
          cancelled_by: 'customer',
          cancel_reason: null,
          order: {
            id: 5,
            tracking_id: 'PSL5',
            created_at: '2026-03-05T09:00:00.000Z',
            total: 1450.5,
            payment_method: 'cash',
            payment_status: 'Unpaid',
            payment_completed: false,
            payment_reference: null,
            refunded_at: null,
          },
        },
      ],
    });
    open();
    await user.click(filter('Cancelled Orders'));
    const card = within(await screen.findByRole('article'));
    expect(card.getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(card.getByText('Mar 6, 2026')).toBeInTheDocument();
    expect(card.getByText('Rs. 1,450.50')).toBeInTheDocument();
    expect(card.getByText('Cash on Delivery')).toBeInTheDocument();
    expect(card.getByText('Ordered twice')).toBeInTheDocument();
    server.restore();
    server = ordersServer({});
    await user.click(filter('Delivered Products'));
    expect(await screen.findByText('No delivered products found.')).toBeInTheDocument();
    await user.click(filter('Cancelled Orders'));
    expect(await screen.findByText('No cancelled orders found.')).toBeInTheDocument();
  });

  it('Cancelled Orders: a paid order given back says when it was refunded', async () => {
    const user = userEvent.setup();
    server = ordersServer({
      cancellations: [
        {
          id: 4,
          created_on: '2026-03-06T09:00:00.000Z',
          remarks: 'Ordered by mistake',
          cancelled_by: 'customer',
          cancel_reason: null,
          order: {
            id: 6,
            tracking_id: 'PSL6',
            created_at: '2026-03-05T09:00:00.000Z',
            total: 951,
            payment_method: 'khalti',
            payment_status: 'Refunded',
            payment_completed: false,
            payment_reference: 'KTX-1',
            refunded_at: '2026-03-08T06:00:00.000Z',
          },
        },
      ],
    });
    open();
    await user.click(filter('Cancelled Orders'));
    const card = within(await screen.findByRole('article'));
    expect(card.getByText('Khalti (Refunded on Mar 8, 2026)')).toBeInTheDocument();
  });
});
