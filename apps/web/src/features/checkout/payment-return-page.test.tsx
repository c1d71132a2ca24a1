import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goToWallet } from '../../lib/go-to-wallet';
import { type FakeCheckout, fakeCheckout } from '../../test/fake-checkout-server';
import { renderCheckout } from './checkout-test-harness';
import { CHECKOUT_TEXTS } from './checkout-texts';

// Whole journeys typed through user-event: a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
vi.mock('../../lib/go-to-wallet', () => ({ goToWallet: vi.fn() }));

let server: FakeCheckout;
beforeEach(() => {
  vi.clearAllMocks();
  server = fakeCheckout([]);
});
afterEach(() => server.restore());

const failedOrder = () =>
  server.seedOrder({
    id: 77,
    total: 1234.5,
    method: 'khalti',
    status: 'Unpaid',
    orderStatus: 'Order Processing',
    attempts: [{ provider: 'khalti' }],
  });

describe('payment return page', () => {
  it('verifies with the server first, then shows the success modal of a paid order', async () => {
    server.seedOrder({
      id: 77,
      total: 1234.5,
      method: 'esewa',
      status: 'Paid',
      orderStatus: 'Order Processing',
    });
    const release = server.hold();
    const { router } = renderCheckout('/payment/return?order=77&status=paid');
    expect(screen.getByRole('status')).toHaveTextContent(CHECKOUT_TEXTS.verifying);
    release();
    const dialog = await screen.findByRole('dialog', { name: 'Order placed successfully!' });
    expect(within(dialog).getByText('#77')).toBeInTheDocument();
    expect(within(dialog).getByText('Rs 1,234.50')).toBeInTheDocument();
    expect(within(dialog).getByText('Paid with eSewa.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'View Orders' }));
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('the hint in the address is not believed: an unpaid order shows the failure', async () => {
    failedOrder();
    renderCheckout('/payment/return?order=77&status=paid');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Your Khalti payment for order #77 did not go through');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Try again starts a new payment of the same order with the same wallet and goes there', async () => {
    failedOrder();
    renderCheckout('/payment/return?order=77&status=unpaid');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(goToWallet).toHaveBeenCalledWith({
        type: 'redirect',
        url: 'http://wallet.test/khalti/pay?pidx=77',
      }),
    );
    expect(server.orders.get(77)?.attempts).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Going to Khalti…' })).toBeDisabled();
  });

  it('Pay with cash instead switches the order to cash on delivery and shows it placed', async () => {
    failedOrder();
    renderCheckout('/payment/return?order=77&status=unpaid');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with cash instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order placed successfully!' });
    expect(within(dialog).getByText('Please pay in cash when your order arrives.')).toBeInTheDocument();
    expect(server.orders.get(77)?.method).toBe('cash');
  });

  it("a refused switch shows the server's reason", async () => {
    failedOrder();
    server.failNext(/cash\/$/, {
      status: 409,
      body: {
        message: 'A payment for this order is still being confirmed. Please wait a moment and try again.',
      },
    });
    renderCheckout('/payment/return?order=77&status=unpaid');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with cash instead' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'A payment for this order is still being confirmed. Please wait a moment and try again.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Pay with cash instead' })).toBeEnabled();
  });

  describe('while the wallet has not settled', () => {
    // The page asks again every 2 s; the test moves the clock instead of waiting.
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());
    const asked = () => server.calls.filter((c) => c === 'GET /payments/79/').length;

    it('asks again until the payment is confirmed', async () => {
      server.seedOrder({
        id: 79,
        total: 500,
        method: 'esewa',
        status: 'Pending',
        orderStatus: 'Order Processing',
      });
      renderCheckout('/payment/return?order=79&status=pending');
      await waitFor(() => expect(asked()).toBe(1));
      expect(screen.getByRole('status')).toHaveTextContent(CHECKOUT_TEXTS.verifying);
      const order = server.orders.get(79);
      if (order) order.status = 'Paid';
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(await screen.findByRole('dialog', { name: 'Order placed successfully!' })).toBeInTheDocument();
      expect(asked()).toBe(2);
    });

    it('still unsettled after its tries: says so and points to the orders', async () => {
      server.seedOrder({
        id: 79,
        total: 500,
        method: 'khalti',
        status: 'Pending',
        orderStatus: 'Order Processing',
        attempts: [{ provider: 'khalti' }],
      });
      renderCheckout('/payment/return?order=79&status=pending');
      await waitFor(() => expect(asked()).toBe(1));
      for (let i = 0; i < 15; i++) await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(
        await screen.findByRole('heading', { name: 'Your payment is still being confirmed' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/Khalti has not confirmed the payment for order #79 yet/)).toBeInTheDocument();
      expect(asked()).toBe(16);
      expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
    });
  });

  it('a cancelled order says so; an unknown one cannot be verified', async () => {
    server.seedOrder({ id: 78, total: 100, method: 'esewa', status: 'Refund due', orderStatus: 'Cancelled' });
    const { unmount } = renderCheckout('/payment/return?order=78&status=refund-due');
    expect(await screen.findByRole('heading', { name: 'This order was cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/will be refunded/)).toBeInTheDocument();
    unmount();
    renderCheckout('/payment/return?order=5&status=error');
    expect(
      await screen.findByRole('heading', { name: 'We could not verify this payment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
  });
});
