import type { Cancellation } from '@pasal/contract/orders';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/i18n';
import { CancelledOrderCard } from './cancelled-order-card';

const byTheShop: Cancellation = {
  id: 9,
  created_on: '2026-03-06T09:00:00.000Z',
  remarks: 'Duplicate order',
  cancelled_by: 'staff',
  cancel_reason: 'Duplicate order',
  order: {
    id: 12,
    tracking_id: 'PSL12',
    created_at: '2026-03-05T09:00:00.000Z',
    total: 500,
    payment_method: 'cash',
    payment_status: 'Unpaid',
    payment_completed: false,
    payment_reference: null,
    refunded_at: null,
  },
};

afterEach(() => applyLanguage('en'));

describe('CancelledOrderCard', () => {
  it("gives the shop's reason from its list in the shopper's language, a typed one as typed", async () => {
    await applyLanguage('ne');
    const { rerender } = render(<CancelledOrderCard cancellation={byTheShop} />);
    expect(screen.getByText('दोहोरिएको अर्डर')).toBeInTheDocument();
    expect(screen.queryByText('Duplicate order')).toBeNull();
    rerender(
      <CancelledOrderCard
        cancellation={{ ...byTheShop, remarks: 'Shop closed for Tihar', cancel_reason: null }}
      />,
    );
    expect(screen.getByText('Shop closed for Tihar')).toBeInTheDocument();
  });

  it('gives the reason of an unpaid online order the shop cancelled on its own in Nepali', async () => {
    const text = 'Cancelled automatically: the online payment was not completed in time.';
    await applyLanguage('ne');
    render(
      <CancelledOrderCard
        cancellation={{ ...byTheShop, cancelled_by: 'system', remarks: text, cancel_reason: text }}
      />,
    );
    expect(screen.getByText('अनलाइन भुक्तानी समयमै पूरा भएन')).toBeInTheDocument();
    expect(screen.queryByText(text)).toBeNull();
  });
});
