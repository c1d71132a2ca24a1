import { NOT_DELIVERED_REASONS } from '@pasal/contract/not-delivered-reasons';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { deliverySlots, deliveryStations } from './locations';
import { addresses, vouchers } from './shopping';
import { users } from './users';

export const orderStatuses = [
  'Order Processing',
  'Packed',
  'Out for Delivery',
  'Delivered',
  'Cancelled',
] as const;
/** How the customer pays: cash on delivery or one of the online wallets (docs/payments.md). */
export const paymentMethods = ['cash', 'esewa', 'khalti'] as const;
export const onlinePaymentMethods = ['esewa', 'khalti'] as const;
/**
 * The order's payment as customers and staff see it. `Pending`: an online payment was started and
 * its outcome is not known yet; `Refund due`: the wallet confirmed a payment for an order that was
 * cancelled meanwhile; `Refunded`: staff gave that money back (refunds.ts). payment_completed is true
 * exactly for `Paid` and `Refund due` (money received and held).
 */
export const orderPaymentStatuses = ['Unpaid', 'Pending', 'Paid', 'Refund due', 'Refunded'] as const;
/**
 * One attempt's state, mapped from every status the providers answer (payment-status.ts).
 * `mismatch`: the wallet confirmed an amount other than the attempt's; never counts as paid.
 */
export const paymentAttemptStatuses = [
  'initiated',
  'pending',
  'completed',
  'failed',
  'canceled',
  'expired',
  'refunded',
  'partially_refunded',
  'mismatch',
] as const;

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    trackingId: text('tracking_id').notNull(),
    orderStatus: text('order_status', { enum: orderStatuses }).notNull().default('Order Processing'),
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull().default('cash'),
    paymentStatus: text('payment_status', { enum: orderPaymentStatuses }).notNull().default('Unpaid'),
    // Kept for the spec's order list (Paid/Unpaid): true exactly when money was received.
    paymentCompleted: boolean('payment_completed').notNull().default(false),
    /** The wallet's transaction id of the payment that paid the order (eSewa transaction_code, Khalti transaction_id). */
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    addressId: integer('address_id').references(() => addresses.id),
    // The address as it was when ordered, so later edits never rewrite history.
    shippingAddress: jsonb('shipping_address').notNull(),
    subtotal: integer('subtotal_paisa').notNull(),
    discount: integer('discount_paisa').notNull().default(0),
    deliveryCharge: integer('delivery_charge_paisa').notNull().default(0),
    total: integer('total_paisa').notNull(),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    /** The station that delivers it, as chosen at checkout (the address's own, else the nearest). */
    deliveryStationId: integer('delivery_station_id').references(() => deliveryStations.id),
    /** The delivery slot chosen at checkout (decision 058): its day and its times as they were then. */
    slotId: integer('slot_id').references(() => deliverySlots.id, { onDelete: 'set null' }),
    slotDate: date('slot_date', { mode: 'string' }),
    slotStartsMinute: integer('slot_starts_minute'),
    slotEndsMinute: integer('slot_ends_minute'),
    notes: text('notes').notNull().default(''),
    /** The buyer's PAN for the tax invoice, when given at checkout (9 digits). */
    buyerPan: text('buyer_pan'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When staff recorded the refund of a `Refund due` order (refunds.ts); the customer sees it. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The rider who takes it out (docs/decisions/057); kept once delivered, for the day's cash. */
    riderId: integer('rider_id').references(() => users.id),
    /** The cash the rider recorded at the door (paisa); null until a rider delivers a cash order. */
    cashCollected: integer('cash_collected_paisa'),
  },
  (t) => [
    uniqueIndex('orders_tracking_uq').on(t.trackingId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    check('orders_total_nonnegative', sql`${t.total} >= 0`),
    check('orders_payment_method_known', sql`${t.paymentMethod} in ('cash', 'esewa', 'khalti')`),
    check(
      'orders_payment_status_known',
      sql`${t.paymentStatus} in ('Unpaid', 'Pending', 'Paid', 'Refund due', 'Refunded')`,
    ),
    check(
      'orders_payment_completed_matches',
      sql`${t.paymentCompleted} = (${t.paymentStatus} in ('Paid', 'Refund due'))`,
    ),
    check(
      'orders_refunded_at_matches',
      sql`(${t.paymentStatus} = 'Refunded') = (${t.refundedAt} is not null)`,
    ),
    // A slot's places taken: its live orders of the day.
    index('orders_slot_idx').on(t.slotId, t.slotDate).where(sql`${t.orderStatus} <> 'Cancelled'`),
    check('orders_cash_collected_nonnegative', sql`${t.cashCollected} >= 0`),
    // A rider's list and the day's cash per rider.
    index('orders_rider_idx').on(t.riderId, t.orderStatus),
    // The reconciler's look-up of unpaid online orders to cancel.
    index('orders_unpaid_online_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} in ('Unpaid', 'Pending') and ${t.paymentMethod} <> 'cash'`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    title: text('title').notNull(),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price_paisa').notNull(),
    markedPrice: integer('marked_price_paisa').notNull(),
    lineTotal: integer('line_total_paisa').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const orderCancellations = pgTable('order_cancellations', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  // system: the payment reconciler cancelled an online order that was not paid in time.
  cancelledBy: text('cancelled_by', { enum: ['customer', 'staff', 'system'] }).notNull(),
  remarks: text('remarks').notNull(),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
});

/** Who moved an order: the customer (checkout, cancellation), staff, or the server itself (reconciler). */
export const orderActors = ['customer', 'staff', 'system'] as const;

/** Every status an order took, with who and when (docs/decisions/012). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null for the order's first status (placed at checkout). */
    fromStatus: text('from_status', { enum: orderStatuses }),
    toStatus: text('to_status', { enum: orderStatuses }).notNull(),
    actor: text('actor', { enum: orderActors }).notNull(),
    /** The customer or staff member; null for the system (and if the account is gone). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /**
     * A failed delivery's reason from the rider's list (NOT_DELIVERED_REASONS in the contract): the
     * customer reads it in their language; `reason` (with the rider's note) stays the shop's.
     */
    notDeliveredReason: text('not_delivered_reason', { enum: NOT_DELIVERED_REASONS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_status_history_order_idx').on(t.orderId, t.createdAt),
    check('order_status_history_actor_known', sql`${t.actor} in ('customer', 'staff', 'system')`),
  ],
);

export const voucherUses = pgTable(
  'voucher_uses',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set when the order is cancelled: the use no longer counts against the limits.
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('voucher_uses_voucher_user_idx').on(t.voucherId, t.userId)],
);

// One online payment attempt with eSewa or Khalti; it counts only once the provider itself confirms it.
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, … per order: each retry is a new attempt with its own reference. */
    attempt: integer('attempt').notNull(),
    provider: text('provider', { enum: onlinePaymentMethods }).notNull(),
    /** Ours, sent to the wallet: eSewa transaction_uuid, Khalti purchase_order_id. */
    reference: text('reference').notNull(),
    /** What the order cost when the attempt started; the wallet must confirm exactly this. */
    amount: integer('amount_paisa').notNull(),
    status: text('status', { enum: paymentAttemptStatuses }).notNull().default('initiated'),
    /** The wallet's own status word as last answered (COMPLETE, User canceled, …). */
    providerStatus: text('provider_status'),
    /** Khalti pidx (the payment session); eSewa has none. */
    providerSessionId: text('provider_session_id'),
    /** The wallet's transaction id once paid: eSewa transaction_code / ref_id, Khalti transaction_id. */
    providerRef: text('provider_ref'),
    /** The amount the wallet confirmed. */
    paidAmount: integer('paid_amount_paisa'),
    /** The verified confirmation as received: the return's claim and the provider's status answer. */
    confirmation: jsonb('confirmation'),
    /** The provider's last answer to initiate or a status look-up. */
    lastAnswer: jsonb('last_answer'),
    /** Money was received that the shop must give back (order cancelled meanwhile, paid twice, wrong amount). */
    refundDue: boolean('refund_due').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkCount: integer('check_count').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_order_attempt_uq').on(t.orderId, t.attempt),
    uniqueIndex('payments_reference_uq').on(t.reference),
    uniqueIndex('payments_provider_session_uq').on(t.provider, t.providerSessionId),
    // A wallet transaction is recorded once, for one attempt: a replayed confirmation cannot pay twice.
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    // At most one payment pays an order; any further confirmed one is flagged for refund.
    uniqueIndex('payments_one_paid_per_order_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 'completed' and not ${t.refundDue}`),
    // The reconciler's queue: attempts whose outcome is not known yet.
    index('payments_open_idx').on(t.createdAt).where(sql`${t.status} in ('initiated', 'pending')`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check(
      'payments_status_known',
      sql`${t.status} in ('initiated', 'pending', 'completed', 'failed', 'canceled', 'expired', 'refunded', 'partially_refunded', 'mismatch')`,
    ),
  ],
);

/**
 * State of the local wallet simulators (outside production only): one row per eSewa transaction
 * or Khalti payment session, in the database so every instance answers alike.
 */
export const walletSimulations = pgTable(
  'wallet_simulations',
  {
    id: serial('id').primaryKey(),
    wallet: text('wallet', { enum: onlinePaymentMethods }).notNull(),
    /** eSewa transaction_uuid, Khalti pidx. */
    token: text('token').notNull(),
    /** eSewa product_code; Khalti purchase_order_id. */
    merchantRef: text('merchant_ref').notNull(),
    orderName: text('order_name').notNull().default(''),
    amount: integer('amount_paisa').notNull(),
    /** The wallet's own status word (COMPLETE, NOT_FOUND, …; Completed, Initiated, …). */
    status: text('status').notNull(),
    transactionCode: text('transaction_code'),
    /** Fields as the merchant sent them (eSewa total_amount string, URLs). */
    request: jsonb('request').notNull(),
    statusChecks: integer('status_checks').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallet_simulations_token_uq').on(t.wallet, t.token)],
);
