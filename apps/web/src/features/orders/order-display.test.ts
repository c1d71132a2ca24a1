import { describe, expect, it } from 'vitest';
import {
  cancelPreview,
  formatOrderRs,
  pageCount,
  pageFromQuery,
  paymentBadge,
  paymentLabel,
  paymentMethodLabel,
  payNowWallet,
  refundedOn,
  trackingLabel,
} from './order-display';
import { delivered, order } from './orders-test-server';
import { ratingsState } from './ratings-state';

describe('order display', () => {
  it('labels every payment state the server can send', () => {
    expect(paymentLabel({ payment_status: 'Paid' })).toBe('Paid');
    expect(paymentLabel({ payment_status: 'Unpaid' })).toBe('Unpaid');
    expect(paymentLabel({ payment_status: 'Pending' })).toBe('Payment pending');
    expect(paymentLabel({ payment_status: 'Refund due' })).toBe('Refund due');
    expect(paymentLabel({ payment_status: 'Refunded' })).toBe('Refunded');
    expect(refundedOn({ payment_status: 'Refunded', refunded_at: '2026-03-07T06:00:00.000Z' })).toBe(
      'Refunded on Mar 7, 2026',
    );
    expect(refundedOn({ payment_status: 'Refund due', refunded_at: null })).toBeNull();
    // A cancelled order awaits no payment.
    expect(paymentLabel({ payment_status: 'Pending', order_status: 'Cancelled' })).toBe('Unpaid');
    // Cash is paid at the door: nothing is owed until the order arrives (decision 047).
    expect(paymentLabel({ payment_status: 'Unpaid', payment_method: 'cash', order_status: 'Packed' })).toBe(
      'Pay on delivery',
    );
    expect(paymentBadge({ payment_status: 'Unpaid', payment_method: 'cash' })).not.toContain('danger');
    expect(
      paymentLabel({ payment_status: 'Unpaid', payment_method: 'cash', order_status: 'Cancelled' }),
    ).toBe('Unpaid');
    expect(paymentLabel({ payment_status: 'Unpaid', payment_method: 'esewa' })).toBe('Unpaid');
    expect(paymentBadge({ payment_status: 'Unpaid', payment_method: 'esewa' })).toContain('danger');
  });

  it('names the payment methods', () => {
    expect(paymentMethodLabel('cash')).toBe('Cash on Delivery');
    expect(paymentMethodLabel('esewa')).toBe('eSewa');
    expect(paymentMethodLabel('khalti')).toBe('Khalti');
  });

  it('offers Pay now only for an online order the server says can be paid, with its own wallet', () => {
    expect(payNowWallet({ can_pay: true, payment_method: 'esewa' })).toBe('esewa');
    expect(payNowWallet({ can_pay: true, payment_method: 'khalti' })).toBe('khalti');
    expect(payNowWallet({ can_pay: false, payment_method: 'khalti' })).toBeNull();
    expect(payNowWallet({ can_pay: true, payment_method: 'cash' })).toBeNull();
  });

  it('shows rupees with "Rs." and 2 decimals, grouped the Nepali way', () => {
    expect(formatOrderRs(250)).toBe('Rs. 250.00');
    expect(formatOrderRs(1234567.5)).toBe('Rs. 12,34,567.50');
    expect(formatOrderRs(0.1 + 0.2)).toBe('Rs. 0.30');
  });

  it('falls back to the id when there is no tracking id', () => {
    expect(trackingLabel({ id: 42, tracking_id: 'PSL123' })).toBe('PSL123');
    expect(trackingLabel({ id: 42, tracking_id: '' })).toBe('42');
    expect(trackingLabel({ id: 42, tracking_id: null })).toBe('42');
  });

  it('previews the first line of an order and counts the others', () => {
    const lines = order({ id: 1 }).lines;
    expect(cancelPreview(lines)).toEqual({ line: lines[0], others: 0 });
    expect(cancelPreview([...lines, ...lines, ...lines]).others).toBe(2);
    expect(cancelPreview([])).toEqual({ line: undefined, others: 0 });
  });

  it('counts pages and reads the page from the address bar', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageFromQuery('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'two']) expect(pageFromQuery(bad)).toBe(1);
  });

  it('lists the delivered products still to rate, and knows whether any was rated', () => {
    const a = delivered({ id: 1 });
    const b = delivered({ id: 2, reviewed: true });
    expect(ratingsState([])).toEqual({ toRate: [], ratedAny: false });
    expect(ratingsState([a, b])).toEqual({ toRate: [a], ratedAny: true });
    expect(ratingsState([b])).toEqual({ toRate: [], ratedAny: true });
  });
});
