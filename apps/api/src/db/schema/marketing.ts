import { FLASH_SALE_PER_CUSTOMER_DEFAULT } from '@pasal/contract/admin-flash-sales';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue';

// A flash sale is active while now() lies in [starts_at, ends_at) and is_active holds.
export const flashSales = pgTable(
  'flash_sales',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    discountedPrice: integer('discounted_price_paisa').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Units one customer may buy at the sale price: in the cart plus in non-cancelled orders placed during the sale. */
    perCustomerLimit: integer('per_customer_limit').notNull().default(FLASH_SALE_PER_CUSTOMER_DEFAULT),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('flash_sales_window_idx').on(t.startsAt, t.endsAt),
    // Every product answer looks up its running sale price.
    index('flash_sales_product_idx').on(t.productId),
    check('flash_sales_window', sql`${t.endsAt} > ${t.startsAt}`),
    check('flash_sales_per_customer_limit', sql`${t.perCustomerLimit} >= 1`),
  ],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** The title in Nepali ('' until staff write it; the console flags banners without one). */
  nepaliTitle: text('nepali_title').notNull().default(''),
  image: text('image').notNull(),
  link: text('link'),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  version: integer('version').notNull().default(1),
});
