import { z } from 'zod';
import { listQuery, pageOf } from './admin-common';

// What is low or out of stock, the fastest sellers first (docs/decisions/062).

/** Sales counted for "how fast it sells": orders placed in these many days, not cancelled. */
export const SALES_WINDOW_DAYS = 30;

export const lowStockItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  nepali_title: z.string(),
  unit: z.string(),
  category_title: z.string(),
  stock: z.number().int(),
  low_stock_threshold: z.number().int(),
  stock_state: z.enum(['low', 'out_of_stock']),
  sold_30_days: z
    .number()
    .int()
    .describe(`Units ordered in the last ${SALES_WINDOW_DAYS} days (not cancelled)`),
  days_left: z
    .number()
    .int()
    .nullable()
    .describe('The stock divided by the average daily sales, rounded down; null when it did not sell'),
});
export type LowStockItem = z.infer<typeof lowStockItem>;

export const lowStockPage = pageOf(lowStockItem);
export type LowStockPage = z.infer<typeof lowStockPage>;

export const lowStockQuery = listQuery(
  ['sold_30_days'],
  { sort: 'sold_30_days', order: 'desc' },
  {},
).describe(
  'Active products at or below 0, or below their low-stock threshold; q matches words of the title or slug',
);
export type LowStockQuery = z.input<typeof lowStockQuery>;
