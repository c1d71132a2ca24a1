import type { OrderPaymentFields } from '@pasal/contract/payments';
import type { orders } from '../../db/schema/orders';

type OrderRow = typeof orders.$inferSelect;

/**
 * The payment fields of an order in any response (orders list, order detail, cancellations):
 * `{payment_method, payment_status, payment_completed, payment_reference}`, schema
 * `orderPaymentFields` in @pasal/contract/payments. Cards show Paid / Unpaid / Payment pending
 * from payment_status; payment_completed keeps the spec's boolean.
 */
export function toOrderPaymentFields(
  order: Pick<
    OrderRow,
    'orderStatus' | 'paymentMethod' | 'paymentStatus' | 'paymentCompleted' | 'paymentReference' | 'refundedAt'
  >,
): OrderPaymentFields {
  return {
    payment_method: order.paymentMethod,
    // A cancelled order awaits no payment: one still confirmed later makes it Refund due.
    payment_status:
      order.orderStatus === 'Cancelled' && order.paymentStatus === 'Pending' ? 'Unpaid' : order.paymentStatus,
    payment_completed: order.paymentCompleted,
    payment_reference: order.paymentReference,
    refunded_at: order.refundedAt?.toISOString() ?? null,
  };
}
