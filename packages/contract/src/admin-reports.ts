import { z } from 'zod';
import { dateTimeText } from './admin-common';
import { money } from './common';
import { ORDER_ACTORS, ORDER_STATUSES } from './orders';

// The console dashboard's sales report (docs/back-office-reports.md): every figure of a range of
// Nepal days, computed by the server. Orders count by the Nepal day they were placed on.

/** The longest range a report covers, in days (a leap year). */
export const REPORT_MAX_DAYS = 366;
/** How many products, categories and cancellation reasons the report ranks. */
export const REPORT_TOP_SIZE = 10;
export const REPORT_RANGE_TOO_LONG = `A report covers at most ${REPORT_MAX_DAYS} days (one year). Choose a shorter range.`;
export const REPORT_RANGE_BACKWARDS = 'The range’s start (from) must not be after its end (to).';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A calendar day written YYYY-MM-DD, as midnight UTC of that date; null if it is not one. */
export function parseDay(text: string): Date | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return at;
}

/** The number of days from `from` to `to`, both included (0 or less when `to` comes first). */
export function daysIn(from: string, to: string): number {
  const start = parseDay(from);
  const end = parseDay(to);
  if (!start || !end) return 0;
  return Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
}

function dayInput(name: string) {
  const rule = `${name} must be a date such as 2025-10-01`;
  return z
    .string({ error: rule })
    .refine((text) => parseDay(text) !== null, rule)
    .describe('A Nepal calendar day, YYYY-MM-DD (AD)');
}

export const salesReportQuery = z
  .object({
    from: dayInput('from').describe('First Nepal day of the range (included), YYYY-MM-DD'),
    to: dayInput('to').describe('Last Nepal day of the range (included), YYYY-MM-DD'),
  })
  .refine((q) => q.from <= q.to, REPORT_RANGE_BACKWARDS)
  .refine((q) => daysIn(q.from, q.to) <= REPORT_MAX_DAYS, REPORT_RANGE_TOO_LONG);
export type SalesReportQuery = z.infer<typeof salesReportQuery>;

const day = z.string().describe('A Nepal calendar day, YYYY-MM-DD');
const count = z.number().int();

const ranked = z.object({
  title: z.string(),
  quantity: count.describe('Units sold'),
  revenue: money.describe('Sum of the lines’ totals (at the prices sold, before order discounts)'),
});

export const salesReport = z.object({
  from: day,
  to: day,
  days: count.describe('Days in the range, both ends included'),
  generated_at: dateTimeText,
  totals: z.object({
    orders: count.describe('Orders placed in the range and not cancelled'),
    revenue: money.describe('Sum of those orders’ totals'),
    average_order: money.describe('Revenue per order, rounded to the paisa (0 without orders)'),
    cancelled: count.describe('Orders placed in the range and cancelled since'),
  }),
  sales_by_day: z
    .array(z.object({ date: day, orders: count, revenue: money }))
    .describe('Every day of the range in order, days without orders included (not cancelled orders)'),
  orders_by_status: z
    .array(z.object({ status: z.enum(ORDER_STATUSES), count }))
    .describe('Orders placed in the range by their status now, every status in lifecycle order'),
  payment_methods: z
    .array(z.object({ method: z.enum(['cash', 'esewa', 'khalti']), orders: count, revenue: money }))
    .describe('Not cancelled orders by how they are paid, every method'),
  top_products: z
    .array(ranked.extend({ product_id: z.number().int() }))
    .describe(`The ${REPORT_TOP_SIZE} products with the most revenue in not cancelled orders`),
  top_categories: z
    .array(ranked.extend({ category_id: z.number().int() }))
    .describe(`The ${REPORT_TOP_SIZE} categories (of the products now) with the most revenue`),
  cancellations: z.object({
    by: z
      .array(z.object({ cancelled_by: z.enum(ORDER_ACTORS), count }))
      .describe('Cancelled orders placed in the range by who cancelled them: customer, staff, system'),
    reasons: z
      .array(z.object({ reason: z.string(), count }))
      .describe(`The ${REPORT_TOP_SIZE} most given reasons (remarks, trimmed), most given first`),
  }),
});
export type SalesReport = z.infer<typeof salesReport>;
