import { z } from 'zod';
import { dateTimeText } from './admin-common';
import { money } from './common';

// The console's first screen: what needs attention now. Days and weeks are Nepal's (UTC+05:45);
// a week starts on Sunday.

/** Order statuses that still wait for staff. */
export const WAITING_ORDER_STATUSES = ['Order Processing', 'Packed', 'Out for Delivery'] as const;

const period = z.object({
  from: dateTimeText.describe('Start of the period (inclusive)'),
  to: dateTimeText.describe('End of the period (exclusive)'),
  orders: z.number().int().describe('Orders placed in the period and not cancelled'),
  revenue: money.describe('Sum of those orders’ totals'),
  cancelled: z.number().int().describe('Orders placed in the period and cancelled since'),
});

export const lowStockProduct = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  stock: z.number().int(),
  low_stock_threshold: z.number().int(),
});

export const dashboardPayment = z.object({
  id: z.number().int().describe('Payment attempt id'),
  order_id: z.number().int(),
  provider: z.enum(['esewa', 'khalti']),
  reference: z.string(),
  amount: money,
  status: z.string(),
  created_at: dateTimeText,
});

export const dashboard = z.object({
  generated_at: dateTimeText,
  today: period,
  this_week: period,
  orders_waiting: z
    .array(z.object({ status: z.enum(WAITING_ORDER_STATUSES), count: z.number().int() }))
    .describe('Orders in each status that still needs staff, in lifecycle order'),
  low_stock: z.object({
    count: z.number().int().describe('Active products whose stock is below their threshold'),
    products: z.array(lowStockProduct).describe('The 20 with the least stock'),
  }),
  payments_pending: z.object({
    count: z.number().int().describe('Wallet payments whose outcome is not known yet'),
    amount: money,
    payments: z.array(dashboardPayment).describe('The 20 oldest'),
  }),
  payments_refund_due: z.object({
    count: z.number().int().describe('Payments received that must be given back'),
    amount: money,
    payments: z.array(dashboardPayment).describe('The 20 oldest'),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;
