import type { payments } from '../../db/schema/orders';
import type { PaymentProvider, ProviderState } from './payment-provider';

type Attempt = Pick<
  typeof payments.$inferSelect,
  'provider' | 'reference' | 'amount' | 'providerSessionId' | 'createdAt'
>;

/**
 * How long a start may take before an attempt without Khalti's pidx is given up: the start's call
 * times out after 15 s, and the pidx is written as soon as it answers.
 */
export const UNSTARTED_AFTER_MS = 2 * 60_000;

/**
 * The wallet's word on an attempt. A Khalti attempt is looked up by its pidx; one that never got
 * it (the start failed in a way not recorded, or the server stopped in between) gave no shopper a
 * payment page, so after the start's window it is failed: left open, every Pay now and Pay with
 * cash would be refused for an attempt no wallet can be asked about.
 */
export function lookupAttempt(
  provider: PaymentProvider,
  attempt: Attempt,
  now: Date,
): Promise<ProviderState> {
  if (
    attempt.provider === 'khalti' &&
    !attempt.providerSessionId &&
    now.getTime() - attempt.createdAt.getTime() > UNSTARTED_AFTER_MS
  ) {
    return Promise.resolve({
      status: 'failed',
      providerStatus: 'Not started',
      amountPaisa: null,
      transactionId: null,
      answer: { error: 'Khalti never gave this attempt a payment page.' },
    });
  }
  return provider.lookup({
    reference: attempt.reference,
    amountPaisa: attempt.amount,
    sessionId: attempt.providerSessionId,
  });
}
