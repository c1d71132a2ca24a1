import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderUpdatesSwitch } from './order-updates-switch';
import { updateOrderUpdates } from './profile-api';

vi.mock('./profile-api', () => ({ updateOrderUpdates: vi.fn() }));

beforeEach(() => {
  vi.mocked(updateOrderUpdates).mockReset();
});

const saved = { data: { message: 'Order updates setting saved' } } as Awaited<
  ReturnType<typeof updateOrderUpdates>
>;

describe('OrderUpdatesSwitch', () => {
  it('shows the setting the account has and saves a change on the server', async () => {
    vi.mocked(updateOrderUpdates).mockResolvedValue(saved);
    render(<OrderUpdatesSwitch enabled />);
    const toggle = screen.getByRole('switch', { name: 'Order updates by SMS and email' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Receipts, cancellations and refunds are always sent/);
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    expect(updateOrderUpdates).toHaveBeenCalledWith(false);
    expect(toggle).not.toBeChecked();
  });

  it('turns back and says so when the server did not save it', async () => {
    vi.mocked(updateOrderUpdates).mockRejectedValue(
      Object.assign(new Error('Request failed'), {
        isAxiosError: true,
        response: { status: 404, data: { message: 'Profile not found.' } },
      }),
    );
    render(<OrderUpdatesSwitch enabled={false} />);
    const toggle = screen.getByRole('switch', { name: 'Order updates by SMS and email' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile not found.');
    expect(toggle).not.toBeChecked();
    expect(updateOrderUpdates).toHaveBeenCalledWith(true);
  });

  it('speaks Nepali to a shopper who chose it', async () => {
    const { applyLanguage } = await import('../../i18n/i18n');
    await applyLanguage('ne');
    try {
      render(<OrderUpdatesSwitch enabled={undefined} />);
      expect(screen.getByRole('switch', { name: 'SMS र इमेलबाट अर्डरको खबर' })).toBeChecked();
    } finally {
      await applyLanguage('en');
    }
  });
});
