import type { OrderDetail } from '@pasal/contract/orders';
import { describe, expect, it } from 'vitest';
import { hasInvoice } from './invoice-download';

const order = (order_status: string, payment_status: string) =>
  ({ order_status, payment_status }) as OrderDetail;

describe('the tax invoice download', () => {
  it('is offered once the order is delivered or paid, and kept for a cancelled paid order', () => {
    expect(hasInvoice(order('Delivered', 'Paid'))).toBe(true);
    expect(hasInvoice(order('Order Processing', 'Paid'))).toBe(true);
    expect(hasInvoice(order('Cancelled', 'Refund due'))).toBe(true);
    expect(hasInvoice(order('Order Processing', 'Unpaid'))).toBe(false);
    expect(hasInvoice(order('Out for Delivery', 'Unpaid'))).toBe(false);
    expect(hasInvoice(order('Cancelled', 'Unpaid'))).toBe(false);
  });
});
