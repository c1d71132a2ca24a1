import type { orderPaymentStatuses } from '../../db/schema/orders';
import type { AttemptStatus } from './payment-provider';

export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

/**
 * eSewa status check answers (ePay v2). AMBIGUOUS is a payment "at hanging state": not settled
 * either way, so it is looked up again. NOT_FOUND means eSewa holds no payment under that
 * transaction_uuid (never paid, or the session ended): an expired attempt, which a later COMPLETE
 * still overrides.
 */
export const ESEWA_STATUSES: Record<string, AttemptStatus> = {
  COMPLETE: 'completed',
  PENDING: 'pending',
  AMBIGUOUS: 'pending',
  FULL_REFUND: 'refunded',
  PARTIAL_REFUND: 'partially_refunded',
  NOT_FOUND: 'expired',
  CANCELED: 'canceled',
};

/** Khalti ePayment lookup answers (KPG-2). Initiated: the session exists and nothing was paid yet. */
export const KHALTI_STATUSES: Record<string, AttemptStatus> = {
  Completed: 'completed',
  Pending: 'pending',
  Initiated: 'initiated',
  Refunded: 'refunded',
  'Partially Refunded': 'partially_refunded',
  Expired: 'expired',
  'User canceled': 'canceled',
};

/**
 * A provider's status word as an attempt status. A word neither provider documents is treated
 * as pending (looked up again, logged by the caller): never as paid, never as failed.
 */
export function mapProviderStatus(table: Record<string, AttemptStatus>, word: string): AttemptStatus {
  return Object.hasOwn(table, word) ? table[word] : 'pending';
}

/** Attempts whose outcome the provider has not settled yet; the reconciler looks these up. */
export const OPEN_ATTEMPT_STATUSES: readonly AttemptStatus[] = ['initiated', 'pending'];

export function isOpen(status: AttemptStatus): boolean {
  return OPEN_ATTEMPT_STATUSES.includes(status);
}

/** The columns that always change together: payment_completed means money was received. */
export function orderPaymentColumns(status: OrderPaymentStatus) {
  return { paymentStatus: status, paymentCompleted: status === 'Paid' || status === 'Refund due' };
}
