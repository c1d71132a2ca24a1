import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeCheckout, fakeCheckout } from '../../test/fake-checkout-server';
import { goToWallet } from './checkout-api';
import { renderCheckout } from './checkout-test-harness';
import { CHECKOUT_TEXTS } from './checkout-texts';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
vi.mock('./checkout-api', async (original) => ({
  ...(await original<typeof import('./checkout-api')>()),
  goToWallet: vi.fn(),
}));

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
