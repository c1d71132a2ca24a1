import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { enforceLimit } from '../../lib/rate-limit';
import { checkOpenAttempts, STILL_CONFIRMING } from './check-open-attempts';
import { KHALTI_MINIMUM_PAISA } from './khalti-provider';
import { unpaidOrderStatus } from './order-payment-state';
import type { PaymentLog } from './payment-log';
import { type BrowserStep, PaymentProviderError, type WalletName } from './payment-provider';
import { orderPaymentColumns } from './payment-status';
import { returnUrls } from './payment-urls';
import { paymentProvider } from './wallets';

export interface PaymentDeps {
  db: Db;
  config: AppConfig;
  log: PaymentLog;
  /** Outside production, the shop's base URL as this shopper's browser reached it (browser-base.ts). */
  browserBase?: string;
}

export const WALLET_TITLES: Record<WalletName, string> = { esewa: 'eSewa', khalti: 'Khalti' };

export const ORDER_NOT_FOUND = 'Order not found.';

/**
 * Each start opens a payment at the wallet that stays payable until the wallet expires it (an hour
 * at Khalti): an order's starts are limited, so a held-down Pay now cannot open dozens.
 */
export const STARTS_PER_TEN_MINUTES = 10;
export const TOO_MANY_STARTS = 'Too many payment attempts. Please wait a few minutes and try again.';

/** What the shopper is told when a wallet could not start a payment. */
export const walletUnreachable = (wallet: WalletName) =>
  `${WALLET_TITLES[wallet]} could not be reached. Please try again or choose another payment method.`;
export const PAID_BY_EARLIER_ATTEMPT =
  'Your earlier payment for this order went through: the order is paid. Nothing more to pay.';
export const EARLIER_ATTEMPT_UNCHECKED =
  'We could not check your earlier payment with the wallet. Please try again in a moment.';

export interface StartedPayment {
  orderId: number;
  paymentId: number;
  provider: WalletName;
  reference: string;
  /** What the browser does next: post the eSewa form, or open Khalti's payment_url. */
  browser: BrowserStep;
}

/** Ours, unique per attempt: eSewa allows letters, digits and hyphens in transaction_uuid. */
function newReference(orderId: number, attempt: number): string {
  return `PSL-${orderId}-${attempt}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * Starts a payment attempt for an online order and answers what the browser needs. The checkout
 * calls it right after its order transaction commits (never inside it: Khalti is an HTTP call);
 * the retry endpoint calls it for an unpaid order. With userId, the order must be that customer's.
 *
 * The attempt is written first (order locked, payment status Pending), then the provider is
 * asked; if it cannot be reached the attempt is marked failed, the order returns to Unpaid and a
 * 503 says so, so the customer can try again.
 */
export async function startPayment(
  deps: PaymentDeps,
  input: { orderId: number; provider: WalletName; userId?: number },
): Promise<StartedPayment> {
  const { db, config, log } = deps;
  const provider = paymentProvider(config, input.provider, deps.browserBase);
  const title = WALLET_TITLES[input.provider];
  if (!provider)
    throw new BadRequestError(`${title} is not available. Please choose another payment method.`);

  await settleEarlierAttempts(deps, input);

  const created = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.id, input.orderId),
          input.userId === undefined ? undefined : eq(orders.userId, input.userId),
        ),
      )
      .for('update');
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    if (order.paymentMethod === 'cash') throw new BadRequestError('This order is paid in cash on delivery.');
    if (order.paymentStatus === 'Paid' || order.paymentStatus === 'Refund due')
      throw new ConflictError('This order is already paid.');
    if (order.orderStatus !== 'Order Processing')
      throw new BadRequestError(
        order.orderStatus === 'Cancelled'
          ? 'This order was cancelled.'
          : 'This order can no longer be paid online.',
      );
    if (order.total <= 0) throw new BadRequestError('This order has nothing to pay.');
    if (input.provider === 'khalti' && order.total < KHALTI_MINIMUM_PAISA)
      throw new BadRequestError(
        'Khalti accepts payments of Rs 10 or more. Please choose another payment method.',
      );
    // Counted once the order may take a payment: a refusal above counts nothing.
    await enforceLimit(tx, {
      key: `payment-start:${order.id}`,
      limit: STARTS_PER_TEN_MINUTES,
      windowSeconds: 600,
      message: TOO_MANY_STARTS,
    });
    const [last] = await tx
      .select({ attempt: sql<number>`coalesce(max(${payments.attempt}), 0)::int` })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    const attempt = (last?.attempt ?? 0) + 1;
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        attempt,
        provider: input.provider,
        reference: newReference(order.id, attempt),
        amount: order.total,
      })
      .returning();
    // A retry may switch wallets; the order's method is the wallet of its latest attempt.
    await tx
      .update(orders)
      .set({ paymentMethod: input.provider, ...orderPaymentColumns('Pending'), updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    return { order, payment };
  });

  const { order, payment } = created;
  const [customer] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, order.userId));
  const urls = returnUrls(deps.browserBase ?? config.publicUrl, payment.reference);
  let initiated: Awaited<ReturnType<typeof provider.initiate>>;
  try {
    initiated = await provider.initiate({
      reference: payment.reference,
      amountPaisa: payment.amount,
      orderName: `Pasal order ${order.trackingId}`,
      returnUrl: input.provider === 'esewa' ? urls.esewaSuccess : urls.khalti,
      failureUrl: urls.esewaFailure,
      websiteUrl: urls.website,
      customer: {
        name: `${customer?.firstName ?? ''} ${customer?.lastName ?? ''}`.trim() || 'Pasal customer',
        email: customer?.email ?? undefined,
        phone: customer?.phone ?? undefined,
      },
    });
  } catch (cause) {
    // Whatever went wrong, no shopper got this attempt's payment page: it is closed as failed, so
    // it never holds up Pay now or Pay with cash.
    const error =
      cause instanceof PaymentProviderError
        ? cause
        : new PaymentProviderError(
            input.provider,
            `unexpected: ${cause instanceof Error ? cause.message : String(cause)}`,
          );
    log.warn(
      { err: error, orderId: order.id, paymentId: payment.id },
      'payment: provider refused or unreachable',
    );
    await db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
      await tx
        .update(payments)
        .set({ status: 'failed', lastAnswer: { error: error.message }, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      const status = await unpaidOrderStatus(tx, order.id);
      await tx
        .update(orders)
        .set({ ...orderPaymentColumns(status), updatedAt: new Date() })
        .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'Pending')));
    });
    if (error.refused)
      throw new BadRequestError(`${title} refused this payment. Please choose another payment method.`);
    throw new ServiceUnavailableError(walletUnreachable(input.provider));
  }
  await db
    .update(payments)
    .set({
      providerSessionId: initiated.sessionId ?? null,
      expiresAt: initiated.expiresAt ?? null,
      lastAnswer: initiated.answer ?? null,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, payment.id));
  log.info({ orderId: order.id, paymentId: payment.id, provider: input.provider }, 'payment: started');
  return {
    orderId: order.id,
    paymentId: payment.id,
    provider: input.provider,
    reference: payment.reference,
    browser: initiated.browser,
  };
}

/**
 * Before a new attempt of an order that could take one, the wallets are asked about its earlier
 * attempts: one paid at the wallet whose browser never came back pays the order and the new
 * attempt is refused (never paid twice); one still in progress at the wallet, or one the wallet
 * could not answer for, refuses it too. At checkout the order has no attempts yet.
 */
async function settleEarlierAttempts(deps: PaymentDeps, input: { orderId: number; userId?: number }) {
  const mine = and(
    eq(orders.id, input.orderId),
    input.userId === undefined ? undefined : eq(orders.userId, input.userId),
  );
  const [order] = await deps.db.select().from(orders).where(mine);
  // The transaction that follows refuses these with its own messages.
  if (!order || !canPayAgain(order)) return;
  const check = await checkOpenAttempts(deps, order.id);
  const [after] = await deps.db
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (after?.paymentStatus === 'Paid' || after?.paymentStatus === 'Refund due')
    throw new ConflictError(PAID_BY_EARLIER_ATTEMPT);
  if (check.unanswered > 0) throw new ServiceUnavailableError(EARLIER_ATTEMPT_UNCHECKED);
  if (check.inProgress > 0) throw new ConflictError(STILL_CONFIRMING);
}

/** The order's payment as its owner sees it; someone else's order is not found. */
export async function getOrderPayment(db: Db, orderId: number, userId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const attempts = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(asc(payments.attempt));
  return { order, attempts };
}

/** Whether the owner may start another payment (Pay now): an online, unpaid, live order. */
export function canPayAgain(order: typeof orders.$inferSelect): boolean {
  return (
    order.paymentMethod !== 'cash' &&
    order.orderStatus === 'Order Processing' &&
    (order.paymentStatus === 'Unpaid' || order.paymentStatus === 'Pending') &&
    order.total > 0
  );
}
