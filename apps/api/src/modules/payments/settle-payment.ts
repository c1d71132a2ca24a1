import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema/orders';
import { issueInvoice } from '../invoices/issue-invoice';
import { unpaidOrderStatus } from './order-payment-state';
import type { PaymentLog } from './payment-log';
import type { AttemptStatus, ProviderState, ReturnClaim } from './payment-provider';
import { type OrderPaymentStatus, orderPaymentColumns } from './payment-status';

export type SettleSource = 'return' | 'reconciler' | 'status';

export interface SettleOutcome {
  orderId: number;
  /** The order's payment status afterwards. */
  orderPaymentStatus: OrderPaymentStatus;
  attemptStatus: AttemptStatus;
  /** False when the answer changed nothing (already settled, or the same status as before). */
  changed: boolean;
}

/**
 * Records the provider's answer about one payment attempt, exactly once, under the order's and
 * the payment's row locks (taken in that order everywhere).
 *
 * - completed with the attempt's amount (which is the order's total): the attempt is completed
 *   and the order Paid; if the order was cancelled meanwhile it becomes `Refund due`, and if
 *   another attempt already paid it this one is flagged for refund.
 * - completed with another amount: the attempt is `mismatch` and flagged for refund; the order
 *   is not paid.
 * - anything else moves an unsettled attempt to that status; the order is Pending while any of
 *   its attempts is open and Unpaid otherwise.
 * A completed or mismatched attempt never changes again: replays and late answers are no-ops.
 */
export async function settlePayment(
  db: Db,
  log: PaymentLog,
  paymentId: number,
  state: ProviderState,
  context: { source: SettleSource; claim?: ReturnClaim; now?: Date },
): Promise<SettleOutcome> {
  const now = context.now ?? new Date();
  const [head] = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!head) throw new Error(`payment ${paymentId} does not exist`);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, head.orderId)).for('update');
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    const unchanged = (): SettleOutcome => ({
      orderId: order.id,
      orderPaymentStatus: order.paymentStatus,
      attemptStatus: payment.status,
      changed: false,
    });
    const logContext = {
      paymentId,
      orderId: order.id,
      provider: payment.provider,
      reference: payment.reference,
      source: context.source,
      providerStatus: state.providerStatus,
    };

    // A refunded attempt (docs/decisions/037) is settled too: a replayed COMPLETE must not revive it.
    if (payment.status === 'completed' || payment.status === 'mismatch' || payment.status === 'refunded') {
      if (state.status === 'completed' && state.transactionId && state.transactionId !== payment.providerRef)
        log.warn(
          { ...logContext, transactionId: state.transactionId },
          'payment: settled attempt answered with another transaction',
        );
      return unchanged();
    }

    if (state.status === 'completed') {
      if (!state.transactionId || state.amountPaisa === null) {
        log.warn(
          { ...logContext, answer: state.answer },
          'payment: completion without transaction id or amount; left open',
        );
        return unchanged();
      }
      const [taken] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.provider, payment.provider),
            eq(payments.providerRef, state.transactionId),
            ne(payments.id, payment.id),
          ),
        );
      if (taken) {
        log.error(
          { ...logContext, transactionId: state.transactionId, otherPaymentId: taken.id },
          'payment: wallet transaction already recorded for another attempt; ignored',
        );
        return unchanged();
      }
      const confirmation = {
        source: context.source,
        claim: context.claim?.raw ?? null,
        answer: state.answer,
      };
      const recorded = {
        providerStatus: state.providerStatus,
        providerRef: state.transactionId,
        paidAmount: state.amountPaisa,
        confirmation,
        lastAnswer: state.answer,
        confirmedAt: now,
        updatedAt: now,
      };
      if (state.amountPaisa !== payment.amount || payment.amount !== order.total) {
        log.error(
          { ...logContext, expected: payment.amount, orderTotal: order.total, confirmed: state.amountPaisa },
          'payment: wallet confirmed another amount; not counted as paid, flagged for refund',
        );
        await tx
          .update(payments)
          .set({ ...recorded, status: 'mismatch', refundDue: true })
          .where(eq(payments.id, payment.id));
        const status =
          order.paymentStatus === 'Pending'
            ? await unpaidOrderStatus(tx, order.id, payment.id)
            : order.paymentStatus;
        await tx
          .update(orders)
          .set({ ...orderPaymentColumns(status), updatedAt: now })
          .where(eq(orders.id, order.id));
        return { orderId: order.id, orderPaymentStatus: status, attemptStatus: 'mismatch', changed: true };
      }
      const alreadyPaid =
        order.paymentStatus === 'Paid' ||
        order.paymentStatus === 'Refund due' ||
        order.paymentStatus === 'Refunded';
      const cancelled = order.orderStatus === 'Cancelled';
      const refundDue = alreadyPaid || cancelled;
      await tx
        .update(payments)
        .set({ ...recorded, status: 'completed', refundDue })
        .where(eq(payments.id, payment.id));
      let status: OrderPaymentStatus = order.paymentStatus;
      if (!alreadyPaid) {
        status = cancelled ? 'Refund due' : 'Paid';
        await tx
          .update(orders)
          .set({
            ...orderPaymentColumns(status),
            // The wallet that paid (the order may have been switched to cash meanwhile).
            paymentMethod: payment.provider,
            paymentReference: state.transactionId,
            paidAt: now,
            updatedAt: now,
          })
          .where(eq(orders.id, order.id));
        // Paid online: the tax invoice is issued now, in this transaction.
        if (!cancelled) await issueInvoice(tx, order.id, now);
      }
      if (refundDue)
        log.warn(
          { ...logContext, transactionId: state.transactionId, cancelled, alreadyPaid },
          'payment: confirmed for an order that is cancelled or already paid; flagged for refund',
        );
      else log.info({ ...logContext, transactionId: state.transactionId }, 'payment: order paid');
      return { orderId: order.id, orderPaymentStatus: status, attemptStatus: 'completed', changed: true };
    }

    const changed = payment.status !== state.status || payment.providerStatus !== state.providerStatus;
    await tx
      .update(payments)
      .set({
        status: state.status,
        providerStatus: state.providerStatus,
        lastAnswer: state.answer,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    let status = order.paymentStatus;
    // A cash order (switched while a wallet held an unpaid attempt) and a cancelled one stay Unpaid
    // until money comes.
    if (
      (status === 'Unpaid' || status === 'Pending') &&
      order.paymentMethod !== 'cash' &&
      order.orderStatus !== 'Cancelled'
    ) {
      status = await unpaidOrderStatus(tx, order.id);
      if (status !== order.paymentStatus)
        await tx
          .update(orders)
          .set({ ...orderPaymentColumns(status), updatedAt: now })
          .where(eq(orders.id, order.id));
    }
    if (changed) log.info({ ...logContext, status: state.status }, 'payment: attempt status changed');
    return { orderId: order.id, orderPaymentStatus: status, attemptStatus: state.status, changed };
  });
}
