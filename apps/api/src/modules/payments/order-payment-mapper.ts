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
    'paymentMethod' | 'paymentStatus' | 'paymentCompleted' | 'paymentReference' | 'refundedAt'
  >,
): OrderPaymentFields {
  return {
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    payment_completed: order.paymentCompleted,
    payment_reference: order.paymentReference,
    refunded_at: order.refundedAt?.toISOString() ?? null,
  };
}
