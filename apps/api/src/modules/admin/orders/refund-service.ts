import {
  type AdminOrder,
  type adminRefundRequest,
  REFUND_REFERENCE_REQUIRED,
} from '@pasal/contract/admin-orders';
import { ORDER_NOT_FOUND } from '@pasal/contract/orders';
import { and, eq, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import { orders, payments } from '../../../db/schema/orders';
import { refunds } from '../../../db/schema/refunds';
import {
  AppError,
  ConflictError,
  FieldError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../../lib/errors';
import { toRupees } from '../../../lib/money';
import { queueOrderStep } from '../../orders/order-messages';
import { createKhaltiProvider, type KhaltiSettings } from '../../payments/khalti-provider';
import { refundKhaltiTransaction } from '../../payments/khalti-refund';
import type { PaymentLog } from '../../payments/payment-log';
import { PaymentProviderError } from '../../payments/payment-provider';
import { orderPaymentColumns } from '../../payments/payment-status';
import { khaltiWallet } from '../../payments/wallets';
import { recordAudit } from '../audit/audit-log';
import { orderView } from './order-service';
import { REFUND_RUNNING_MS } from './refund-view';

export const NO_REFUND_DUE = 'This order has no refund due.';
export const ALREADY_REFUNDED = 'This order has already been refunded.';
export const REFUND_RUNNING = 'A refund of this order is already being made. Reload the order in a minute.';
export const KHALTI_TAKES_NO_REFERENCE =
  'A Khalti refund is made through Khalti, which gives its own reference: leave the reference empty.';
export const KHALTI_PAYMENT_UNKNOWN =
  'The Khalti payment of this order cannot be found, so Khalti cannot be asked to refund it.';
export const KHALTI_OFF = 'Khalti is not set up on this server, so it cannot be asked to refund the payment.';
export const KHALTI_UNREACHABLE =
  'Khalti could not be reached, so the refund was not made. Please try again in a minute.';

type RefundBody = z.output<typeof adminRefundRequest>;
type PaymentRow = typeof payments.$inferSelect;

interface Deps {
  db: Db;
  config: AppConfig;
  log: PaymentLog;
}

/** A Khalti refund claimed (row `requested`), to be asked of Khalti outside any transaction. */
interface KhaltiClaim {
  refundId: number;
  payment: PaymentRow & { providerRef: string };
  settings: KhaltiSettings;
}

/**
 * Staff refund a `Refund due` order (docs/decisions/037). The server decides the amount (what was
 * paid). eSewa and cash are recorded at once with the reference staff give; Khalti is asked through
 * its refund API after the refund row is claimed, so a double click or two staff at once cannot ask
 * twice: the order's row lock serialises them, the second sees the claim, and refunds has one row
 * per order.
 */
export async function refundOrder(
  deps: Deps,
  staffId: number,
  orderId: number,
  body: RefundBody,
): Promise<AdminOrder> {
  const claim = await deps.db.transaction(async (tx) => claimRefund(tx, deps.config, staffId, orderId, body));
  if (claim) await askKhalti(deps, staffId, orderId, claim, body.note ?? null);
  return orderView(deps.db, orderId);
}

/** Checks and claims under the order's lock; the manual refunds are finished here too. */
async function claimRefund(
  tx: DbOrTx,
  config: AppConfig,
  staffId: number,
  orderId: number,
  body: RefundBody,
): Promise<KhaltiClaim | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  if (order.paymentStatus === 'Refunded') throw new ConflictError(ALREADY_REFUNDED);
  if (order.paymentStatus !== 'Refund due') throw new ConflictError(NO_REFUND_DUE);
  const viaKhalti = order.paymentMethod === 'khalti';
  const reference = body.reference || null;
  if (!viaKhalti && !reference) throw new FieldError('reference', REFUND_REFERENCE_REQUIRED);
  if (viaKhalti && reference) throw new FieldError('reference', KHALTI_TAKES_NO_REFERENCE);

  // The wallet payment that paid the order (cash has none).
  const [payment] =
    order.paymentMethod === 'cash' || !order.paymentReference
      ? []
      : await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.orderId, orderId),
              eq(payments.provider, order.paymentMethod),
              eq(payments.providerRef, order.paymentReference),
              eq(payments.status, 'completed'),
            ),
          );
  const amount = payment?.paidAmount ?? order.total;
  const now = new Date();

  const [existing] = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
  if (existing?.status === 'refunded') throw new ConflictError(ALREADY_REFUNDED);
  // Take over a failed try, or a requested one whose process died; never one still running.
  const takeOver = async (values: Partial<typeof refunds.$inferInsert>) => {
    const [row] = await tx
      .update(refunds)
      .set(values)
      .where(
        and(
          eq(refunds.id, existing!.id),
          or(
            eq(refunds.status, 'failed'),
            and(
              eq(refunds.status, 'requested'),
              lt(refunds.requestedAt, new Date(now.getTime() - REFUND_RUNNING_MS)),
            ),
          ),
        ),
      )
      .returning({ id: refunds.id });
    if (!row) throw new ConflictError(REFUND_RUNNING);
    return row.id;
  };
  const values = {
    orderId,
    paymentId: payment?.id ?? null,
    method: order.paymentMethod,
    amount,
    reference,
    note: body.note || null,
    staffId,
    requestedAt: now,
    failure: null,
    providerAnswer: null,
  };

  if (!viaKhalti) {
    const done = { ...values, status: 'refunded' as const, refundedAt: now };
    if (existing) await takeOver(done);
    else await tx.insert(refunds).values(done);
    await finishRefund(tx, config, staffId, order.id, payment?.id ?? null, now, {
      method: order.paymentMethod,
      amount,
      reference,
      note: values.note,
    });
    return null;
  }

  if (!payment?.providerRef) throw new ConflictError(KHALTI_PAYMENT_UNKNOWN);
  const wallet = khaltiWallet(config);
  if (!wallet) throw new ServiceUnavailableError(KHALTI_OFF);
  const claimed = {
    ...values,
    reference: payment.providerRef,
    status: 'requested' as const,
    refundedAt: null,
  };
  const refundId = existing
    ? await takeOver(claimed)
    : (await tx.insert(refunds).values(claimed).returning({ id: refunds.id }))[0].id;
  return { refundId, payment: { ...payment, providerRef: payment.providerRef }, settings: wallet.settings };
}

/**
 * The order becomes Refunded (with the date the customer sees), the wallet payment `refunded`, the
 * audit log says who gave back what, and the customer's "refund made" message is queued.
 */
async function finishRefund(
  tx: DbOrTx,
  config: AppConfig,
  staffId: number,
  orderId: number,
  paymentId: number | null,
  at: Date,
  refund: { method: string; amount: number; reference: string | null; note: string | null },
) {
  const [refunded] = await tx
    .update(orders)
    .set({ ...orderPaymentColumns('Refunded'), refundedAt: at, updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'Refund due')))
    .returning({ id: orders.id });
  if (refunded)
    await queueOrderStep(
      tx,
      config,
      orderId,
      { step: 'refunded', amount: refund.amount, method: refund.method as 'cash' | 'esewa' | 'khalti' },
      at,
    );
  if (paymentId !== null)
    await tx.update(payments).set({ status: 'refunded', updatedAt: at }).where(eq(payments.id, paymentId));
  await recordAudit(tx, {
    staffId,
    entity: 'order',
    entityId: orderId,
    action: 'refund',
    before: { payment_status: 'Refund due' },
    after: {
      payment_status: 'Refunded',
      refund: { method: refund.method, amount: toRupees(refund.amount), reference: refund.reference },
    },
    note: refund.note,
  });
}

/** Asks Khalti (no transaction held) and records its answer. */
async function askKhalti(
  deps: Deps,
  staffId: number,
  orderId: number,
  claim: KhaltiClaim,
  note: string | null,
) {
  const { db, log } = deps;
  const context = { orderId, refundId: claim.refundId, transactionId: claim.payment.providerRef };
  let answer: unknown;
  let refused = '';
  let refusal: unknown = null;
  try {
    const reply = await refundKhaltiTransaction(claim.settings, claim.payment.providerRef);
    answer = reply.body;
    refused = reply.detail;
    refusal = reply.body;
    if (!reply.refunded) {
      // Refused, perhaps because it was already refunded (in Khalti's dashboard, or by a try whose
      // answer was lost): the lookup tells.
      const state = await createKhaltiProvider(claim.settings).lookup({
        reference: claim.payment.reference,
        amountPaisa: claim.payment.amount,
        sessionId: claim.payment.providerSessionId,
      });
      if (state.status === 'refunded') answer = { refund: reply.body, lookup: state.answer };
      else answer = undefined;
    }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn({ ...context, err: error.message }, 'refund: Khalti could not be reached; nothing concluded');
    await markFailed(db, claim.refundId, KHALTI_UNREACHABLE, null);
    throw new AppError(502, KHALTI_UNREACHABLE);
  }
  if (answer === undefined) {
    const message = `Khalti refused the refund: ${refused}`;
    log.warn({ ...context, detail: refused }, 'refund: Khalti refused');
    await markFailed(db, claim.refundId, message, refusal);
    throw new AppError(502, message);
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [done] = await tx
      .update(refunds)
      .set({ status: 'refunded', refundedAt: now, providerAnswer: answer, failure: null })
      .where(and(eq(refunds.id, claim.refundId), eq(refunds.status, 'requested')))
      .returning();
    if (!done) return;
    await finishRefund(tx, deps.config, staffId, orderId, claim.payment.id, now, {
      method: 'khalti',
      amount: done.amount,
      reference: done.reference,
      note,
    });
  });
  log.info(context, 'refund: Khalti refunded the payment');
}

async function markFailed(db: Db, refundId: number, failure: string, answer: unknown) {
  await db
    .update(refunds)
    .set({ status: 'failed', failure, providerAnswer: answer ?? null })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested')));
}
