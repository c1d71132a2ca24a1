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
    expect(within(dialog).getByText('PSL77')).toBeInTheDocument();
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

  describe('Back from the wallet (no double payment)', () => {
    it('Back after Try again: the server asks the wallet, and a payment made there shows the order paid', async () => {
      failedOrder();
      renderCheckout('/payment/return?order=77&status=unpaid');
      await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(goToWallet).toHaveBeenCalled());
      // Paid at Khalti; the browser came Back instead of being sent back.
      const order = server.orders.get(77);
      if (order) order.walletSays = 'paid';
      act(() => {
        window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      });
      expect(await screen.findByRole('dialog', { name: 'Order placed successfully!' })).toBeInTheDocument();
      expect(server.calls.filter((c) => c === 'POST /payments/77/check/')).toHaveLength(2);
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });

    it('opened again after Back with nothing paid: Try again and Pay with cash instead are offered at once', async () => {
      server.seedOrder({
        id: 80,
        total: 500,
        method: 'esewa',
        status: 'Pending',
        orderStatus: 'Order Processing',
        attempts: [
          { provider: 'esewa', status: 'failed' },
          { provider: 'esewa', status: 'initiated' },
        ],
        walletSays: 'nothing',
      });
      renderCheckout('/payment/return?order=80&status=unpaid');
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
      await userEvent.click(within(alert).getByRole('button', { name: 'Pay with cash instead' }));
      expect(await screen.findByRole('dialog', { name: 'Order placed successfully!' })).toBeInTheDocument();
      expect(server.orders.get(80)?.method).toBe('cash');
    });

    it('a Khalti attempt the wallet holds unpaid is not shown as a payment being confirmed', async () => {
      server.seedOrder({
        id: 81,
        total: 500,
        method: 'khalti',
        status: 'Pending',
        orderStatus: 'Order Processing',
        attempts: [{ provider: 'khalti', status: 'initiated' }],
      });
      renderCheckout('/payment/return?order=81&status=pending');
      expect(await screen.findByRole('button', { name: 'Pay with cash instead' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    });

    it('Try again refused because the earlier payment went through: says so and shows the order paid', async () => {
      failedOrder();
      const message =
        'Your earlier payment for this order went through: the order is paid. Nothing more to pay.';
      server.failNext(/retry\/$/, { status: 409, body: { message } });
      renderCheckout('/payment/return?order=77&status=unpaid');
      const tryAgain = await screen.findByRole('button', { name: 'Try again' });
      const order = server.orders.get(77);
      if (order) order.walletSays = 'paid';
      const attempt = order?.attempts.at(-1);
      if (attempt) attempt.status = 'initiated';
      await userEvent.click(tryAgain);
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
      expect(await screen.findByRole('dialog', { name: 'Order placed successfully!' })).toBeInTheDocument();
      expect(goToWallet).not.toHaveBeenCalled();
    });
  });

  describe('when the wallet does not open', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    it('"Going to Khalti…" ends after 15 s with a message and a link to the orders', async () => {
      failedOrder();
      renderCheckout('/payment/return?order=77&status=unpaid');
      await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(goToWallet).toHaveBeenCalled());
      expect(screen.getByRole('button', { name: 'Going to Khalti…' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(14_000));
      expect(screen.getByRole('button', { name: 'Going to Khalti…' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(1_500));
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.getByText(/Khalti did not open\. Your order #77 is saved/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
    });
  });

  describe('while the wallet has not settled', () => {
    // The page asks again every 2 s; the test moves the clock instead of waiting.
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());
    // The first ask is the check (the server asks the wallet), the next ones plain reads.
    const asked = () =>
      server.calls.filter((c) => c === 'GET /payments/79/' || c === 'POST /payments/79/check/').length;

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
