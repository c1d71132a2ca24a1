import { cancelReasonCode, UNPAID_CANCEL_REASON } from '@pasal/contract/staff-cancel-reasons';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { orderCancellations, orderLines, orders, payments, voucherUses } from '../../db/schema/orders';
import { announceRestocks } from '../back-in-stock/restock-notices';
import { recordStatusChange } from '../orders/order-history';
import { queueOrderStep } from '../orders/order-messages';
import { orderPaymentColumns } from './payment-status';

// A code the customer reads in their language (decision 073).
export const UNPAID_CANCEL_REMARKS = UNPAID_CANCEL_REASON;

/**
 * Gives back what an order holds: the stock of its lines and its voucher use. Products are
 * updated in id order, the order checkout locks them in, so the two never deadlock. A product
 * back above 0 tells its "Notify me" requests (decision 053).
 */
export async function restoreStockAndReleaseVoucher(
  tx: DbOrTx,
  config: AppConfig,
  orderId: number,
  now = new Date(),
) {
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.productId)
    .orderBy(asc(orderLines.productId));
  for (const line of lines) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  await announceRestocks(
    tx,
    config,
    lines.map((line) => line.productId),
    now,
  );
  await tx
    .update(voucherUses)
    .set({ releasedAt: now })
    .where(and(eq(voucherUses.orderId, orderId), isNull(voucherUses.releasedAt)));
}

export interface CancelUnpaidOptions {
  remarks?: string;
  cancelledBy?: 'customer' | 'staff' | 'system';
  now?: Date;
  /** Leave the order alone if a payment attempt started after this moment (the shopper is paying). */
  unlessPaymentStartedAfter?: Date;
}

/**
 * Cancels an order that is still `Order Processing` and not paid, in one transaction: status,
 * cancellation record, stock back, voucher use released. False (and nothing changed) when the
 * order is paid, already moved on or cancelled, or a payment started after the given moment.
 * A payment that still completes later is flagged for refund by the payment settlement.
 */
export async function cancelUnpaidOrder(
  db: Db,
  config: AppConfig,
  orderId: number,
  options: CancelUnpaidOptions = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (order?.orderStatus !== 'Order Processing') return false;
    if (order.paymentStatus === 'Paid' || order.paymentStatus === 'Refund due') return false;
    if (options.unlessPaymentStartedAfter) {
      const [recent] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), gt(payments.createdAt, options.unlessPaymentStartedAfter)))
        .limit(1);
      if (recent) return false;
    }
    await tx
      .update(orders)
      .set({
        orderStatus: 'Cancelled',
        // A cancelled order awaits no payment; an open attempt is still looked up (Refund due).
        ...orderPaymentColumns('Unpaid'),
        updatedAt: now,
      })
      .where(eq(orders.id, orderId));
    await tx.insert(orderCancellations).values({
      orderId,
      cancelledBy: options.cancelledBy ?? 'system',
      remarks: options.remarks ?? UNPAID_CANCEL_REMARKS,
      createdOn: now,
    });
    await recordStatusChange(tx, {
      orderId,
      from: order.orderStatus,
      to: 'Cancelled',
      actor: options.cancelledBy ?? 'system',
      reason: options.remarks ?? UNPAID_CANCEL_REMARKS,
      at: now,
    });
    await restoreStockAndReleaseVoucher(tx, config, orderId, now);
    const reason = options.remarks ?? UNPAID_CANCEL_REMARKS;
    const cancelReason = cancelReasonCode(options.cancelledBy ?? 'system', reason);
    await queueOrderStep(
      tx,
      config,
      orderId,
      { step: 'cancelled', reason, cancelReason, refundDue: false },
      now,
    );
    return true;
  });
}
