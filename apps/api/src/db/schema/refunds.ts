import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders, paymentMethods, payments } from './orders';
import { users } from './users';

/**
 * `requested`: a wallet refund was asked for and its answer is not in yet (the call runs outside
 * any transaction); `refunded`: the money went back; `failed`: the wallet refused or could not be
 * reached, and staff may try again.
 */
export const refundStatuses = ['requested', 'refunded', 'failed'] as const;

/**
 * The refund of a `Refund due` order, made by staff (docs/decisions/037): Khalti through its
 * merchant refund API, eSewa and cash by hand with the wallet's or the receipt's reference. One
 * row per order, so a second refund (a double click, two staff at once) cannot be written.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The wallet payment given back; null for cash. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    method: text('method', { enum: paymentMethods }).notNull(),
    /** Decided by the server: what was paid. */
    amount: integer('amount_paisa').notNull(),
    status: text('status', { enum: refundStatuses }).notNull(),
    /** eSewa / cash: the wallet's refund id or the receipt number staff typed; Khalti: the refunded transaction id. */
    reference: text('reference'),
    note: text('note'),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    /** The wallet's last answer to the refund (Khalti). */
    providerAnswer: jsonb('provider_answer'),
    /** Why the last try failed, as staff were told. */
    failure: text('failure'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_order_uq').on(t.orderId),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    check('refunds_status_known', sql`${t.status} in ('requested', 'refunded', 'failed')`),
    check('refunds_method_known', sql`${t.method} in ('cash', 'esewa', 'khalti')`),
    check('refunds_refunded_at_matches', sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null)`),
  ],
);
