import { cancelReasonCode } from '@pasal/contract/staff-cancel-reasons';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { orderCancellations, orders, payments } from '../../db/schema/orders';
import { cancelInvoice } from '../invoices/issue-invoice';
import { restoreStockAndReleaseVoucher } from '../payments/cancel-unpaid-order';
import { type OrderPaymentStatus, orderPaymentColumns } from '../payments/payment-status';
import { type OrderActor, recordStatusChange } from './order-history';
import { queueOrderStep } from './order-messages';

export type OrderRow = typeof orders.$inferSelect;

export interface Canceller {
  actor: OrderActor;
  actorUserId?: number | null;
  reason: string;
  at?: Date;
}

/**
 * Cancels an order whose row the caller has locked (`select … for update`), in the caller's
 * transaction: status, cancellation record, history, stock back from its lines (product-id order,
 * as checkout locks them), promo use released. The payment follows: money already received
 * (`Paid`) becomes `Refund due` and its completed attempt is flagged for refund; an unpaid order
 * is `Unpaid`, even while a wallet attempt is open: the reconciler still looks that attempt up,
 * and a payment that still completes makes the order `Refund due` (settle-payment.ts). The
 * customer's "cancelled" message is queued in the same transaction.
 */
export async function cancelLockedOrder(
  tx: DbOrTx,
  config: AppConfig,
  order: OrderRow,
  by: Canceller,
): Promise<void> {
  const now = by.at ?? new Date();
  let payment: OrderPaymentStatus = order.paymentStatus;
  if (payment === 'Paid') {
    payment = 'Refund due';
    await tx
      .update(payments)
      .set({ refundDue: true, updatedAt: now })
      .where(
        and(eq(payments.orderId, order.id), eq(payments.status, 'completed'), eq(payments.refundDue, false)),
      );
  } else if (payment === 'Pending') {
    payment = 'Unpaid';
  }
  await tx
    .update(orders)
    .set({ orderStatus: 'Cancelled', ...orderPaymentColumns(payment), updatedAt: now })
    .where(eq(orders.id, order.id));
  await tx
    .insert(orderCancellations)
    .values({ orderId: order.id, cancelledBy: by.actor, remarks: by.reason, createdOn: now });
  await restoreStockAndReleaseVoucher(tx, config, order.id, now);
  // An order paid online has its invoice already: kept, marked cancelled.
  await cancelInvoice(tx, order.id, now);
  await recordStatusChange(tx, {
    orderId: order.id,
    from: order.orderStatus,
    to: 'Cancelled',
    actor: by.actor,
    actorUserId: by.actorUserId,
    reason: by.reason,
    at: now,
  });
  await queueOrderStep(
    tx,
    config,
    order.id,
    {
      step: 'cancelled',
      reason: by.reason,
      // The console's listed reasons are kept as their English text (their code): told in the customer's language.
      cancelReason: cancelReasonCode(by.actor, by.reason),
      refundDue: payment === 'Refund due',
    },
    now,
  );
}
