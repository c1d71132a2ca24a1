import { sql } from 'drizzle-orm';
import {
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
import { orders } from './orders';

/**
 * The shop's own details printed on every tax invoice (one row, id 1; edited in the console and
 * audited). Invoices copy them when issued, so a later edit never rewrites an issued invoice.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey(),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    /** PAN/VAT registration number (9 digits), empty until staff enter it. */
    pan: text('pan').notNull().default(''),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * The last invoice number of each Nepali fiscal year ("2083/84"): bumped with an upsert in the
 * transaction that issues the invoice, so the row lock serialises issuers and a rolled-back
 * transaction gives its number back (the series has no gaps).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  fiscalYear: text('fiscal_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A tax invoice, issued once per order when it is delivered or paid online, with every figure and
 * the seller's and buyer's details fixed at issue. Never deleted or renumbered: a cancelled order's
 * invoice is marked cancelled.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fiscalYear: text('fiscal_year').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The issue day in Bikram Sambat, Nepal time ("2083-08-10"). */
    issuedBs: text('issued_bs').notNull(),
    seller: jsonb('seller').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerPan: text('buyer_pan'),
    /** The lines with their quantity, rate, amount, class and share of the discount. */
    lines: jsonb('lines').notNull(),
    subtotal: integer('subtotal_paisa').notNull(),
    discount: integer('discount_paisa').notNull(),
    deliveryCharge: integer('delivery_charge_paisa').notNull(),
    /** Taxable value without the VAT. */
    taxable: integer('taxable_paisa').notNull(),
    exempt: integer('exempt_paisa').notNull(),
    vat: integer('vat_paisa').notNull(),
    total: integer('total_paisa').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_order_uq').on(t.orderId),
    uniqueIndex('invoices_number_uq').on(t.fiscalYear, t.number),
    // The sales register reads a BS month by prefix.
    index('invoices_issued_bs_idx').on(t.issuedBs),
    check('invoices_number_positive', sql`${t.number} > 0`),
    check('invoices_add_up', sql`${t.taxable} + ${t.vat} + ${t.exempt} = ${t.total}`),
    check('invoices_total_matches', sql`${t.subtotal} - ${t.discount} + ${t.deliveryCharge} = ${t.total}`),
  ],
);
