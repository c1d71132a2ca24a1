import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import { payments } from '../../db/schema/orders';
import { lookupAttempt } from './lookup-attempt';
import { PaymentProviderError } from './payment-provider';
import type { PaymentDeps } from './payment-service';
import { OPEN_ATTEMPT_STATUSES } from './payment-status';
import { ESEWA_NOT_FOUND_WATCH_MS } from './reconciler';
import { settlePayment } from './settle-payment';
import { paymentProvider } from './wallets';

export const STILL_CONFIRMING =
  'A payment for this order is still being confirmed. Please wait a moment and try again.';

export interface OpenAttemptsCheck {
  /** Attempts whose look-up failed (wallet unreachable or an unusable answer): nothing is known. */
  unanswered: number;
  /** Attempts the wallet still calls in progress (money may be on its way). */
  inProgress: number;
}

/**
 * Asks the wallets now about the order's attempts that may still turn into money (open ones, and
 * eSewa ones closed on NOT_FOUND lately: the reconciler's set, without its delay) and settles each
 * answer as a return would. Pay now, Try again, Pay with cash and the return page call it, so an
 * attempt paid at the wallet whose browser never came back pays the order instead of being paid
 * twice. The caller has checked the order is the customer's.
 */
export async function checkOpenAttempts(deps: PaymentDeps, orderId: number): Promise<OpenAttemptsCheck> {
  const now = new Date();
  const attempts = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        or(
          inArray(payments.status, [...OPEN_ATTEMPT_STATUSES]),
          and(
            eq(payments.provider, 'esewa'),
            eq(payments.status, 'expired'),
            eq(payments.providerStatus, 'NOT_FOUND'),
            gt(payments.createdAt, new Date(now.getTime() - ESEWA_NOT_FOUND_WATCH_MS)),
          ),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt));
  const result: OpenAttemptsCheck = { unanswered: 0, inProgress: 0 };
  for (const payment of attempts) {
    const provider = paymentProvider(deps.config, payment.provider);
    // A wallet switched off cannot be asked; the reconciler logs it.
    if (!provider) continue;
    try {
      const state = await lookupAttempt(provider, payment, now);
      const outcome = await settlePayment(deps.db, deps.log, payment.id, state, { source: 'status', now });
      if (outcome.attemptStatus === 'pending') result.inProgress += 1;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.warn({ err: error, paymentId: payment.id }, 'payment check: look-up failed');
      result.unanswered += 1;
    }
  }
  return result;
}
