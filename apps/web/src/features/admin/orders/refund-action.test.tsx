import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminOrder, consoleServer } from './admin-orders-test-server';
import { RefundAction } from './refund-action';
import { RefundDetails } from './refund-details';

let server: ReturnType<typeof consoleServer> | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

describe('RefundAction', () => {
  it('Khalti: asks first, then has Khalti refund the paid amount; nothing is sent before the confirmation', async () => {
    const refunded = adminOrder({ payment_status: 'Refunded', can_refund: false });
    server = consoleServer(() => ({ status: 200, body: { order: refunded } }));
    const onChanged = vi.fn();
    render(<RefundAction order={adminOrder()} onChanged={onChanged} onReload={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #41?' });
    expect(dialog).toHaveTextContent('Khalti is asked to give Rs 951.00 back');
    expect(within(dialog).queryByLabelText('Refund reference')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(server.sent).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund Rs 951.00' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(refunded));
    expect(server.sent).toEqual([{ method: 'post', url: '/orders/41/refund/', body: {} }]);
  });

  it('eSewa: the reference is required, sent trimmed with the note; a server field error shows under it', async () => {
    let calls = 0;
    server = consoleServer(() => {
      calls += 1;
      return calls === 1
        ? { status: 400, body: { message: 'Too odd', error: { reference: ['Too odd'] } } }
        : { status: 200, body: { order: adminOrder({ payment_status: 'Refunded', can_refund: false }) } };
    });
    const order = adminOrder({ payment_method: 'esewa', refund_needs_reference: true });
    const onChanged = vi.fn();
    render(<RefundAction order={order} onChanged={onChanged} onReload={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #41?' });
    expect(dialog).toHaveTextContent('eSewa’s merchant dashboard');
    const confirm = within(dialog).getByRole('button', { name: 'Refund Rs 951.00' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Refund reference'), '  ESW-RF-9 ');
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Called the customer');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('Too odd')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Refund reference')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(confirm);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(server.sent[1].body).toEqual({ reference: 'ESW-RF-9', note: 'Called the customer' });
  });

  it('Khalti refused: the dialog stays open with its reason; a 409 reloads the order', async () => {
    const answers = [
      { status: 502, body: { message: 'Khalti refused the refund: Not allowed.' } },
      { status: 409, body: { message: 'This order has already been refunded.' } },
    ];
    server = consoleServer(() => answers.shift()!);
    const onReload = vi.fn();
    render(<RefundAction order={adminOrder()} onChanged={vi.fn()} onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund Rs 951.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #41?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Khalti refused the refund: Not allowed.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund Rs 951.00' }));
    await waitFor(() => expect(onReload).toHaveBeenCalled());
  });

  it('is not offered for an order without a refund due', () => {
    render(
      <RefundAction
        order={adminOrder({ payment_status: 'Refunded', can_refund: false })}
        onChanged={vi.fn()}
        onReload={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});

describe('RefundDetails', () => {
  it('says what was refunded, how, when, by whom, and why a try failed', () => {
    const { rerender } = render(
      <RefundDetails
        refund={{
          status: 'refunded',
          method: 'esewa',
          amount: 951,
          reference: 'ESW-RF-9',
          note: null,
          by: { id: 2, name: 'Ram Thapa', email: null },
          requested_at: '2026-03-06T09:00:00+05:45',
          refunded_at: '2026-03-06T09:00:00+05:45',
          failure: null,
        }}
      />,
    );
    expect(screen.getByText('Refunded: Rs 951.00 by hand in eSewa on 2026-03-06 09:00')).toBeInTheDocument();
    expect(screen.getByText('Reference: ESW-RF-9')).toBeInTheDocument();
    expect(screen.getByText(/By Ram Thapa/)).toBeInTheDocument();
    rerender(
      <RefundDetails
        refund={{
          status: 'failed',
          method: 'khalti',
          amount: 951,
          reference: 'KTX-1',
          note: null,
          by: null,
          requested_at: '2026-03-06T09:00:00+05:45',
          refunded_at: null,
          failure: 'Khalti could not be reached',
        }}
      />,
    );
    expect(screen.getByText('Refund failed: Rs 951.00 through Khalti')).toBeInTheDocument();
    expect(screen.getByText('Khalti could not be reached')).toBeInTheDocument();
  });
});
