import { and, eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema/orders';
import { lookupAttempt } from './lookup-attempt';
import {
  InvalidReturnError,
  PaymentProviderError,
  type ProviderState,
  type ReturnClaim,
  type WalletName,
} from './payment-provider';
import type { PaymentDeps } from './payment-service';
import { isOpen } from './payment-status';
import type { ReturnResult } from './payment-urls';
import { settlePayment } from './settle-payment';
import { paymentProvider } from './wallets';

export interface ReturnOutcome {
  orderId?: number;
  result: ReturnResult;
}

// A refunded order's return reads as refund-due: money of a cancelled order, given back (037).
const RESULTS = {
  Paid: 'paid',
  Pending: 'pending',
  Unpaid: 'unpaid',
  'Refund due': 'refund-due',
  Refunded: 'refund-due',
} as const;

type PaymentRow = typeof payments.$inferSelect;

async function findPayment(
  deps: PaymentDeps,
  provider: WalletName,
  by: { reference?: string; sessionId?: string },
) {
  const where = by.sessionId
    ? and(eq(payments.provider, provider), eq(payments.providerSessionId, by.sessionId))
    : by.reference
      ? and(eq(payments.provider, provider), eq(payments.reference, by.reference))
      : undefined;
  if (!where) return undefined;
  const [row] = await deps.db.select().from(payments).where(where);
  return row;
}

async function currentResult(deps: PaymentDeps, payment: PaymentRow): Promise<ReturnOutcome> {
  const [order] = await deps.db
    .select({ status: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, payment.orderId));
  return { orderId: payment.orderId, result: order ? RESULTS[order.status] : 'error' };
}

/** Asks the provider and records its answer; an unreachable provider leaves it to the reconciler. */
async function confirm(
  deps: PaymentDeps,
  payment: PaymentRow,
  claim: ReturnClaim | undefined,
  adjust?: (state: ProviderState) => ProviderState,
): Promise<ReturnOutcome> {
  // A settled attempt never changes: a replayed return costs the wallet no call.
  if (payment.status === 'completed' || payment.status === 'mismatch') return currentResult(deps, payment);
  const provider = paymentProvider(deps.config, payment.provider);
  if (!provider) return { orderId: payment.orderId, result: 'error' };
  let state: ProviderState;
  try {
    state = await lookupAttempt(provider, payment, new Date());
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.warn(
      { err: error, paymentId: payment.id },
      'payment return: status look-up failed; left to the reconciler',
    );
    return currentResult(deps, payment);
  }
  const outcome = await settlePayment(deps.db, deps.log, payment.id, adjust ? adjust(state) : state, {
    source: 'return',
    claim,
  });
  return { orderId: outcome.orderId, result: RESULTS[outcome.orderPaymentStatus] };
}

function refuse(deps: PaymentDeps, provider: WalletName, reason: string, detail: object): ReturnOutcome {
  deps.log.warn({ provider, reason, ...detail }, 'payment return refused: nothing changed');
  return { result: 'error' };
}

/**
 * eSewa success return (`?data=`): the signature is checked over the fields it names, the claim
 * must name one of our attempts with its exact amount, and only eSewa's status check decides.
 */
export async function handleEsewaReturn(
  deps: PaymentDeps,
  query: Record<string, unknown>,
): Promise<ReturnOutcome> {
  const provider = paymentProvider(deps.config, 'esewa');
  if (!provider) return refuse(deps, 'esewa', 'eSewa is off', {});
  let claim: ReturnClaim;
  try {
    claim = provider.verifyReturn(query);
  } catch (error) {
    if (error instanceof InvalidReturnError) return refuse(deps, 'esewa', error.message, {});
    throw error;
  }
  const payment = await findPayment(deps, 'esewa', { reference: claim.reference });
  if (!payment) return refuse(deps, 'esewa', 'unknown transaction_uuid', { reference: claim.reference });
  if (claim.amountPaisa !== payment.amount)
    return {
      ...refuse(deps, 'esewa', 'amount differs from the attempt', {
        paymentId: payment.id,
        claimed: claim.amountPaisa,
        expected: payment.amount,
      }),
      orderId: payment.orderId,
    };
  // A signed COMPLETE that the status check does not (yet) confirm is looked at again later,
  // never closed as failed on the strength of one answer.
  const claimsComplete = claim.providerStatus === 'COMPLETE';
  return confirm(deps, payment, claim, (state) => {
    if (claimsComplete && state.status !== 'completed') {
      deps.log.warn(
        { paymentId: payment.id, claimed: claim.providerStatus, answered: state.providerStatus },
        'payment return: status check disagrees with the signed return; not paid',
      );
      if (!isOpen(state.status)) return { ...state, status: 'pending' };
    }
    return state;
  });
}

/** eSewa failure return (reference in the path): proves nothing by itself, so eSewa is asked. */
export async function handleEsewaFailure(deps: PaymentDeps, reference: string): Promise<ReturnOutcome> {
  const payment = await findPayment(deps, 'esewa', { reference });
  if (!payment) return refuse(deps, 'esewa', 'unknown reference on failure return', { reference });
  return confirm(deps, payment, undefined);
}

/**
 * Khalti return (`?pidx=…&status=…&purchase_order_id=…`): only the pidx is used, to find our
 * attempt; a purchase_order_id naming another attempt is refused; the lookup decides.
 */
export async function handleKhaltiReturn(
  deps: PaymentDeps,
  query: Record<string, unknown>,
): Promise<ReturnOutcome> {
  const provider = paymentProvider(deps.config, 'khalti');
  if (!provider) return refuse(deps, 'khalti', 'Khalti is off', {});
  let claim: ReturnClaim;
  try {
    claim = provider.verifyReturn(query);
  } catch (error) {
    if (error instanceof InvalidReturnError) return refuse(deps, 'khalti', error.message, {});
    throw error;
  }
  const payment = await findPayment(deps, 'khalti', { sessionId: claim.sessionId });
  if (!payment) return refuse(deps, 'khalti', 'unknown pidx', { pidx: claim.sessionId });
  if (claim.reference !== undefined && claim.reference !== payment.reference)
    return refuse(deps, 'khalti', 'purchase_order_id does not belong to the pidx', {
      paymentId: payment.id,
      claimed: claim.reference,
    });
  return confirm(deps, payment, claim);
}
