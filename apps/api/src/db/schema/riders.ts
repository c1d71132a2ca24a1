import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/** Every failed delivery: the order went back to the shop's queue, the attempt stays on record. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => users.id),
    // One of NOT_DELIVERED_REASONS (packages/contract/src/not-delivered-reasons.ts).
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_attempts_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * A rider's day closed by staff when the cash was handed in: what the orders said was due and what
 * the rider recorded at that moment, and what was handed in. One per rider and Nepal day.
 */
export const riderCashDays = pgTable(
  'rider_cash_days',
  {
    id: serial('id').primaryKey(),
    riderId: integer('rider_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    expected: integer('expected_paisa').notNull(),
    recorded: integer('recorded_paisa').notNull(),
    handedIn: integer('handed_in_paisa').notNull(),
    note: text('note').notNull().default(''),
    closedBy: integer('closed_by')
      .notNull()
      .references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rider_cash_days_rider_day_uq').on(t.riderId, t.day),
    check('rider_cash_days_handed_in_nonnegative', sql`${t.handedIn} >= 0`),
  ],
);
