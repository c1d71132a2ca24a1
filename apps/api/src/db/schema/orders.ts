import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { addresses, vouchers } from './shopping';
import { users } from './users';

export const orderStatuses = [
  'Order Processing',
  'Packed',
  'Out for Delivery',
  'Delivered',
  'Cancelled',
] as const;
export const paymentMethods = ['cash', 'online'] as const;

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
    paymentProvider: text('payment_provider'),
    paymentCompleted: boolean('payment_completed').notNull().default(false),
    addressId: integer('address_id').references(() => addresses.id),
    // The address as it was when ordered, so later edits never rewrite history.
    shippingAddress: jsonb('shipping_address').notNull(),
    subtotal: integer('subtotal_paisa').notNull(),
    discount: integer('discount_paisa').notNull().default(0),
    deliveryCharge: integer('delivery_charge_paisa').notNull().default(0),
    total: integer('total_paisa').notNull(),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_tracking_uq').on(t.trackingId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    check('orders_total_nonnegative', sql`${t.total} >= 0`),
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
  cancelledBy: text('cancelled_by', { enum: ['customer', 'staff'] }).notNull(),
  remarks: text('remarks').notNull(),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
});

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

// One online payment attempt with eSewa or Khalti; paid only once the provider confirms it.
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['esewa', 'khalti'] }).notNull(),
    amount: integer('amount_paisa').notNull(),
    status: text('status', { enum: ['initiated', 'completed', 'failed'] })
      .notNull()
      .default('initiated'),
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);
