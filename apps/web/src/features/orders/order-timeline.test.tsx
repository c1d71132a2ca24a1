import type { OrderDetail } from '@pasal/contract/orders';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/i18n';
import { OrderTimeline } from './order-timeline';
import { order } from './orders-test-server';

/** An order the rider took out and brought back: the customer reads why from the rider's list. */
const broughtBack: OrderDetail = {
  ...order({ id: 7, order_status: 'Packed' }),
  history: [
    {
      status: 'Order Processing',
      at: '2026-11-26T04:00:00Z',
      by: 'customer',
      reason: null,
      not_delivered_reason: null,
      cancel_reason: null,
    },
    {
      status: 'Out for Delivery',
      at: '2026-11-26T06:00:00Z',
      by: 'staff',
      reason: null,
      not_delivered_reason: null,
      cancel_reason: null,
    },
    {
      status: 'Packed',
      at: '2026-11-26T07:00:00Z',
      by: 'staff',
      reason: null,
      not_delivered_reason: 'Customer not at home',
      cancel_reason: null,
    },
  ],
  delivery_station: null,
  cancellation: null,
};

/** Cancelled by staff with a reason from the console's list (decision 070). */
const cancelledByShop: OrderDetail = {
  ...broughtBack,
  order_status: 'Cancelled',
  history: [
    broughtBack.history[0],
    {
      status: 'Cancelled',
      at: '2026-11-26T05:00:00Z',
      by: 'staff',
      reason: 'Items out of stock',
      not_delivered_reason: null,
      cancel_reason: 'Items out of stock',
    },
  ],
};

afterEach(() => applyLanguage('en'));

describe('OrderTimeline', () => {
  it('says why a delivery failed, in English', () => {
    render(<OrderTimeline order={broughtBack} />);
    const steps = within(screen.getByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');
    // The step says what happened, not the status the order went back to.
    expect(steps[2]).toHaveTextContent(/^Delivery attempt failed/);
    expect(steps[2]).not.toHaveTextContent('Packed');
    expect(steps[2]).toHaveTextContent('Reason: Customer not at home');
    expect(steps[1]).toHaveTextContent(/^Out for Delivery/);
    expect(steps[1]).not.toHaveTextContent('Reason');
  });

  it('says it in Nepali to a Nepali shopper', async () => {
    await applyLanguage('ne');
    render(<OrderTimeline order={broughtBack} />);
    const steps = within(screen.getByRole('list', { name: 'अर्डरको समयरेखा' })).getAllByRole('listitem');
    expect(steps[2]).toHaveTextContent(/^डेलिभरी प्रयास असफल भयो/);
    expect(steps[2]).toHaveTextContent('कारण: ग्राहक घरमा हुनुहुन्नथ्यो');
    expect(steps[2]).not.toHaveTextContent(/Customer|Packed|प्याक/);
  });

  it("tells a Nepali shopper the shop's listed cancellation reason in Nepali, a typed one as typed", async () => {
    await applyLanguage('ne');
    const { rerender } = render(<OrderTimeline order={cancelledByShop} />);
    const cancelled = () => within(screen.getByRole('list')).getAllByRole('listitem')[1];
    expect(cancelled()).toHaveTextContent('कारण: सामान स्टकमा छैन');
    const typed = structuredClone(cancelledByShop);
    typed.history[1] = { ...typed.history[1], reason: 'Shop closed for Tihar', cancel_reason: null };
    rerender(<OrderTimeline order={typed} />);
    expect(cancelled()).toHaveTextContent('कारण: Shop closed for Tihar');
  });

  it('tells a Nepali shopper in Nepali that the shop cancelled an unpaid online order on its own', async () => {
    const unpaid = structuredClone(cancelledByShop);
    const text = 'Cancelled automatically: the online payment was not completed in time.';
    unpaid.history[1] = { ...unpaid.history[1], by: 'system', reason: text, cancel_reason: text };
    await applyLanguage('ne');
    render(<OrderTimeline order={unpaid} />);
    const cancelled = within(screen.getByRole('list')).getAllByRole('listitem')[1];
    expect(cancelled).toHaveTextContent('कारण: अनलाइन भुक्तानी समयमै पूरा भएन');
    expect(cancelled).not.toHaveTextContent(/online payment/);
  });

  it('in Nepali, says when each step happened by the BS day and a Nepali time, not "Nov 26, 2026, 9:45 AM"', async () => {
    await applyLanguage('ne');
    const at = new Date(2026, 10, 26, 9, 45).toISOString();
    render(<OrderTimeline order={{ ...broughtBack, history: [{ ...broughtBack.history[0], at }] }} />);
    const [step] = within(screen.getByRole('list', { name: 'अर्डरको समयरेखा' })).getAllByRole('listitem');
    expect(step).toHaveTextContent('२०८३ मंसिर १०, बिहान ९:४५ · तपाईंबाट');
    expect(within(step).getByText('२०८३ मंसिर १०, बिहान ९:४५')).toHaveAttribute('datetime', at);
  });
});
