import { z } from 'zod';
import {
  bodyError,
  booleanInput,
  dateTimeInput,
  dateTimeText,
  idInput,
  listQuery,
  pageOf,
  queryId,
  rupeesInput,
  version,
  versionInput,
  wholeInput,
} from './admin-common';
import { idParam, money } from './common';

// Flash sales in the shop console. Times are Nepal time on the wire (docs/decisions/014).

export const FLASH_SALE_STATES = ['scheduled', 'running', 'ended', 'inactive'] as const;
export type FlashSaleState = (typeof FLASH_SALE_STATES)[number];

export const END_BEFORE_START = 'The end must be after the start';
export const SALE_PRICE_NOT_BELOW = (regular: string) =>
  `The sale price must be below the regular selling price (${regular})`;
export const SALE_PRICE_POSITIVE = 'The sale price must be more than 0';
/** Units one customer may buy in a sale unless staff say otherwise (decision 038). */
export const FLASH_SALE_PER_CUSTOMER_DEFAULT = 5;
export const FLASH_SALE_PER_CUSTOMER_MAX = 10_000;

export const adminFlashSale = z.object({
  id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    title: z.string(),
    nepali_title: z
      .string()
      .describe(
        "The product's Nepali title (a sale is shown by its product's names); '' when not yet written",
      ),
    slug: z.string(),
    selling_price: money.describe('The product’s regular selling price now'),
    marked_price: money,
    is_active: z.boolean(),
  }),
  sale_price: money,
  starts_at: dateTimeText,
  ends_at: dateTimeText.describe('The sale runs while starts_at ≤ now < ends_at'),
  is_active: z.boolean(),
  per_customer_limit: z
    .number()
    .int()
    .describe(
      'Units one customer may buy in this sale: in the cart plus in non-cancelled orders placed during it',
    ),
  state: z
    .enum(FLASH_SALE_STATES)
    .describe('inactive when switched off; otherwise scheduled, running or ended by the clock'),
  version,
});
export type AdminFlashSale = z.infer<typeof adminFlashSale>;

export const adminFlashSalePage = pageOf(adminFlashSale);
export type AdminFlashSalePage = z.infer<typeof adminFlashSalePage>;

export const adminFlashSaleListQuery = listQuery(
  ['starts_at', 'ends_at', 'id'],
  { sort: 'starts_at', order: 'desc' },
  {
    state: z
      .enum(FLASH_SALE_STATES, { error: 'state must be scheduled, running, ended or inactive' })
      .optional(),
    product: queryId('Product').optional(),
  },
).describe('q matches the product’s title or slug');

const saleFields = {
  product: idInput('Product'),
  sale_price: rupeesInput('Sale price'),
  starts_at: dateTimeInput('Start'),
  ends_at: dateTimeInput('End'),
  is_active: booleanInput('is_active'),
  per_customer_limit: wholeInput('Limit per customer', 1, FLASH_SALE_PER_CUSTOMER_MAX),
};

export const adminFlashSaleCreate = z.strictObject(
  {
    ...saleFields,
    is_active: saleFields.is_active.optional().describe('Default true'),
    per_customer_limit: saleFields.per_customer_limit
      .optional()
      .describe(`Default ${FLASH_SALE_PER_CUSTOMER_DEFAULT}`),
  },
  { error: bodyError('The body must be a flash sale object') },
);
export type AdminFlashSaleCreate = z.input<typeof adminFlashSaleCreate>;

export const adminFlashSaleUpdate = z.strictObject(
  { version: versionInput, ...z.object(saleFields).partial().shape },
  { error: bodyError('The body must be an object with the fields to change and version') },
);
export type AdminFlashSaleUpdate = z.input<typeof adminFlashSaleUpdate>;

export const adminFlashSaleParams = z.object({ flashSaleId: idParam });
export const adminFlashSaleResponse = z.object({ flash_sale: adminFlashSale });
export type AdminFlashSaleResponse = z.infer<typeof adminFlashSaleResponse>;
