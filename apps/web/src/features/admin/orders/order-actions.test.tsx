import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminOrder, consoleServer } from './admin-orders-test-server';
import { OrderActions } from './order-actions';

let server: ReturnType<typeof consoleServer> | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const outForDelivery = adminOrder({
  order_status: 'Out for Delivery',
  payment_method: 'cash',
  payment_status: 'Unpaid',
  payment_completed: false,
  payment_reference: null,
  payments: [],
  can_refund: false,
  refund_needs_reference: true,
  next_statuses: ['Delivered', 'Cancelled'],
});

describe('OrderActions', () => {
  it('an online order not paid yet offers only a cancel, and says why', () => {
    const waiting = adminOrder({
      ...outForDelivery,
      order_status: 'Order Processing',
      payment_method: 'esewa',
      payment_status: 'Pending',
      next_statuses: ['Cancelled'],
    });
    render(<OrderActions order={waiting} onChanged={vi.fn()} onStale={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Mark as Packed' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
    expect(
      screen.getByText('Waiting for the online payment: the order can be packed once it is paid.'),
    ).toBeVisible();
  });

  it('Delivered cannot be undone: it asks first, says the cash is recorded, and sends only once confirmed', async () => {
    const delivered = adminOrder({ ...outForDelivery, order_status: 'Delivered', next_statuses: [] });
    server = consoleServer(() => ({ status: 200, body: { order: delivered } }));
    const onChanged = vi.fn();
    render(<OrderActions order={outForDelivery} onChanged={onChanged} onStale={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as Delivered' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark order #41 as Delivered?' });
    expect(dialog).toHaveTextContent('This cannot be undone');
    expect(dialog).toHaveTextContent('The cash (Rs 951.00) is recorded as received.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(server.sent).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Mark as Delivered' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Mark order #41 as Delivered?' })).getByRole('button', {
        name: 'Mark as Delivered',
      }),
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(delivered));
    expect(server.sent).toEqual([
      { method: 'post', url: '/orders/41/status/', body: { status: 'Delivered', from: 'Out for Delivery' } },
    ]);
  });

  it('a step that can be undone is not asked about; cancelling asks for a reason first', async () => {
    const processing = adminOrder({
      ...outForDelivery,
      order_status: 'Order Processing',
      next_statuses: ['Packed', 'Cancelled'],
    });
    server = consoleServer(() => ({ status: 200, body: { order: processing } }));
    render(<OrderActions order={processing} onChanged={vi.fn()} onStale={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as Packed' }));
    await waitFor(() => expect(server?.sent).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #41?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel order' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(server.sent).toHaveLength(1);
  });

  it('cancels with a reason from the list (sent as its code) or a typed one', async () => {
    const processing = adminOrder({
      ...outForDelivery,
      order_status: 'Order Processing',
      next_statuses: ['Packed', 'Cancelled'],
    });
    server = consoleServer(() => ({ status: 200, body: { order: { ...processing, next_statuses: [] } } }));
    const { rerender } = render(<OrderActions order={processing} onChanged={vi.fn()} onStale={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel order #41?' });
    const reason = within(dialog).getByRole('combobox', { name: 'Reason (the customer sees it)' });
    await userEvent.selectOptions(reason, 'Items out of stock');
    expect(dialog).toHaveTextContent('The customer reads it in their language');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(server?.sent).toHaveLength(1));
    expect(server.sent[0].body).toEqual({
      status: 'Cancelled',
      from: 'Order Processing',
      reason: 'Items out of stock',
    });

    rerender(<OrderActions order={{ ...processing }} onChanged={vi.fn()} onStale={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel order #41?' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Reason (the customer sees it)' }),
      'Other (type the reason)',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Cancel order' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('Other reason (sent as typed)'),
      '  Shop closed for Tihar ',
    );
    await userEvent.click(confirm);
    await waitFor(() => expect(server?.sent).toHaveLength(2));
    expect(server.sent[1].body).toMatchObject({ reason: 'Shop closed for Tihar' });
  });
});
