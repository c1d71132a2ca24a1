import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { deliveryStations, districts, municipalities, provinces } from './locations';
import { users } from './users';

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_product_uq').on(t.cartId, t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_user_product_uq').on(t.userId, t.productId)],
);

/**
 * "Notify me" on an out-of-stock product (issue 24): open while ended_at is null, at most one open
 * per customer and product. The restock that lifts the product's stock above 0 queues one message
 * (message_id) and ends it in the same transaction (docs/decisions/053).
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The outbox row of the message the restock queued; null while open (or when nobody could be told). */
    messageId: integer('message_id'),
  },
  (t) => [
    uniqueIndex('back_in_stock_requests_open_uq').on(t.userId, t.productId).where(sql`${t.endedAt} is null`),
    // The restock's lookup: the open requests of a product.
    index('back_in_stock_requests_product_open_idx').on(t.productId).where(sql`${t.endedAt} is null`),
    check('back_in_stock_requests_channel_known', sql`${t.channel} in ('sms', 'email')`),
  ],
);

// voucher_type follows the server voucher of shopping.md: 'Percentage' or 'Amount'.
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    voucherType: text('voucher_type', { enum: ['Percentage', 'Amount'] }).notNull(),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    discountAmount: integer('discount_amount_paisa').notNull().default(0),
    minimumOrderValue: integer('minimum_order_value_paisa').notNull().default(0),
    maximumDiscount: integer('maximum_discount_paisa'),
    usageLimit: integer('usage_limit'),
    perUserLimit: integer('per_user_limit'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    // Shown to every customer in the cart's list of codes (decision 055); unlisted codes stay private.
    isListed: boolean('is_listed').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vouchers_code_uq').on(sql`upper(${t.code})`)],
);

// Address types: 0=Home, 1=Work, 2=Other (shopping.md §3).
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressType: smallint('address_type').notNull().default(0),
    location: text('location').notNull(),
    landMark: text('land_mark').notNull().default(''),
    provinceId: integer('province_id')
      .notNull()
      .references(() => provinces.id),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    nearestBranchId: integer('nearest_branch_id').references(() => deliveryStations.id),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Soft delete: orders keep pointing at the row (and carry their own snapshot).
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    check('addresses_type_range', sql`${t.addressType} between 0 and 2`),
    // At most one default among a customer's live addresses, whatever races the service loses.
    uniqueIndex('addresses_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.deletedAt} is null`),
  ],
);
