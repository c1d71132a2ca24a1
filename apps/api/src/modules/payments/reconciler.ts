import { and, asc, eq, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { orders, payments } from '../../db/schema/orders';
import { cancelUnpaidOrder } from './cancel-unpaid-order';
import { lookupAttempt } from './lookup-attempt';
import { PaymentProviderError, type ProviderState } from './payment-provider';
import type { PaymentDeps } from './payment-service';
import { isOpen, OPEN_ATTEMPT_STATUSES } from './payment-status';
import { settlePayment } from './settle-payment';
import { paymentProvider } from './wallets';

/** An attempt the providers still call open after this long is given up as expired (and logged). */
export const GIVE_UP_AFTER_MS = 7 * 24 * 3600 * 1000;
/**
 * eSewa answers NOT_FOUND until the shopper confirms at eSewa, so an attempt closed as expired on
 * that answer is still looked up for this long: a shopper who took their time and then lost the
 * redirect is still found.
 */
export const ESEWA_NOT_FOUND_WATCH_MS = 2 * 3600 * 1000;
const BATCH = 100;

export interface ReconcileSummary {
  /** Attempts this pass claimed and looked up. */
  checked: number[];
  /** Attempts whose record changed, with their new status. */
  settled: { paymentId: number; status: string }[];
  cancelledOrders: number[];
  failures: number;
}

/**
 * Claims due attempts (open ones, and eSewa ones closed on NOT_FOUND lately): started at least PAYMENT_PENDING_RECONCILE_AFTER and not looked up
 * within it. `for update skip locked` plus the checked_at stamp make each claim exclusive, so
 * passes running at once (in one process or in several instances) never take the same attempt.
 */
async function claimDue(deps: PaymentDeps, now: Date) {
  const dueBefore = new Date(now.getTime() - deps.config.payments.reconcileAfterSeconds * 1000);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          or(
            inArray(payments.status, [...OPEN_ATTEMPT_STATUSES]),
            and(
              eq(payments.provider, 'esewa'),
              eq(payments.status, 'expired'),
              eq(payments.providerStatus, 'NOT_FOUND'),
              gt(payments.createdAt, new Date(now.getTime() - ESEWA_NOT_FOUND_WATCH_MS)),
            ),
          ),
          lte(payments.createdAt, dueBefore),
          or(isNull(payments.checkedAt), lte(payments.checkedAt, dueBefore)),
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(payments)
      .set({ checkedAt: now, checkCount: sql`${payments.checkCount} + 1` })
      .where(
        inArray(
          payments.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * One reconcile pass: looks up every attempt still open after the configured delay with the
 * provider's status call and settles it; then cancels online orders that are not paid and had
 * no payment started for UNPAID_ONLINE_ORDER_TTL (stock back, voucher use released). Tests call
 * this directly with a `now`; the server runs it on a timer (startPaymentReconciler).
 */
export async function reconcilePayments(
  deps: PaymentDeps,
  options: { now?: Date } = {},
): Promise<ReconcileSummary> {
  const now = options.now ?? new Date();
  const summary: ReconcileSummary = { checked: [], settled: [], cancelledOrders: [], failures: 0 };

  for (const payment of await claimDue(deps, now)) {
    summary.checked.push(payment.id);
    const provider = paymentProvider(deps.config, payment.provider);
    if (!provider) {
      deps.log.warn(
        { paymentId: payment.id, provider: payment.provider },
        'reconcile: wallet is off; attempt left open',
      );
      continue;
    }
    try {
      let state: ProviderState = await lookupAttempt(provider, payment, now);
      if (isOpen(state.status) && now.getTime() - payment.createdAt.getTime() > GIVE_UP_AFTER_MS) {
        deps.log.error(
          { paymentId: payment.id, providerStatus: state.providerStatus },
          'reconcile: still open after 7 days; given up as expired',
        );
        state = { ...state, status: 'expired' };
      }
      const outcome = await settlePayment(deps.db, deps.log, payment.id, state, {
        source: 'reconciler',
        now,
      });
      if (outcome.changed) summary.settled.push({ paymentId: payment.id, status: outcome.attemptStatus });
    } catch (error) {
      summary.failures += 1;
      const level = error instanceof PaymentProviderError ? 'warn' : 'error';
      deps.log[level](
        { err: error, paymentId: payment.id },
        'reconcile: look-up failed; tried again next time',
      );
    }
  }

  // UNPAID_ONLINE_ORDER_TTL=0 turns the automatic cancellation off.
  if (deps.config.payments.unpaidOrderTtlSeconds === 0) return summary;
  const cutoff = new Date(now.getTime() - deps.config.payments.unpaidOrderTtlSeconds * 1000);
  const stale = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sql`${orders.paymentMethod} <> 'cash'`,
        inArray(orders.paymentStatus, ['Unpaid', 'Pending']),
        eq(orders.orderStatus, 'Order Processing'),
        lte(orders.createdAt, cutoff),
        notExists(
          deps.db
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.orderId, orders.id), gt(payments.createdAt, cutoff))),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
  for (const { id } of stale) {
    try {
      if (await cancelUnpaidOrder(deps.db, deps.config, id, { now, unlessPaymentStartedAfter: cutoff })) {
        summary.cancelledOrders.push(id);
        deps.log.info({ orderId: id }, 'reconcile: unpaid online order cancelled; stock returned');
      }
    } catch (error) {
      summary.failures += 1;
      deps.log.error({ err: error, orderId: id }, 'reconcile: cancelling an unpaid order failed');
    }
  }
  return summary;
}

export interface RunningReconciler {
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

/** The in-process timer (server.ts starts it; tests call reconcilePayments instead). */
export function startPaymentReconciler(deps: PaymentDeps): RunningReconciler {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = reconcilePayments(deps)
      .then((summary) => {
        if (summary.checked.length || summary.cancelledOrders.length || summary.failures)
          deps.log.info(
            {
              checked: summary.checked.length,
              settled: summary.settled.length,
              cancelled: summary.cancelledOrders.length,
              failures: summary.failures,
            },
            'payment reconcile pass',
          );
      })
      .catch((err) => deps.log.error({ err }, 'payment reconcile pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, Math.max(1, deps.config.payments.reconcileIntervalSeconds) * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
