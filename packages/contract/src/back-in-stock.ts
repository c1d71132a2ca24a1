import { z } from 'zod';
import { productIdInput } from './cart';
import { product } from './catalogue';
import { idParam } from './common';

// "Notify me" on an out-of-stock product (issue 24, docs/decisions/053): one message when it is
// back, by SMS or e-mail, then the request ends.

export const BACK_IN_STOCK_CHANNELS = ['sms', 'email'] as const;
export type BackInStockChannel = (typeof BACK_IN_STOCK_CHANNELS)[number];

export const BACK_IN_STOCK_IN_STOCK = 'This product is in stock now: you can order it.';
export const BACK_IN_STOCK_NO_PRODUCT = 'This product was not found.';
export const BACK_IN_STOCK_NO_EMAIL =
  'Your e-mail address is not verified yet. Verify it in your profile, or choose SMS.';
export const BACK_IN_STOCK_NO_PHONE = 'Your account has no verified phone number. Choose e-mail instead.';
export const BACK_IN_STOCK_NOT_FOUND = 'Notification request not found';
export const BACK_IN_STOCK_REMOVED = 'We will not notify you about this product.';

export const backInStockCreateRequest = z.strictObject(
  {
    product: productIdInput('Product'),
    channel: z
      .enum(BACK_IN_STOCK_CHANNELS, {
        error: (issue) =>
          issue.input === undefined ? 'Channel is required' : 'Channel must be sms or email',
      })
      .describe('How to tell the customer: sms (their phone) or email (their verified e-mail address)'),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? `Unknown field: ${i.keys.join(', ')}`
        : 'The body must be an object {product, channel}',
  },
);
export type BackInStockCreateRequest = z.infer<typeof backInStockCreateRequest>;

/** One open request: its own id (for removal), the product as a card shows it, the channel. */
export const backInStockEntry = z.object({
  id: z.number().int().describe('Request id: what DELETE /update/back-in-stock/{requestId}/ takes'),
  product: z.number().int().describe('Product id'),
  item: product,
  channel: z.enum(BACK_IN_STOCK_CHANNELS),
  created_at: z.string().describe('ISO 8601'),
});
export type BackInStockEntry = z.infer<typeof backInStockEntry>;

export const backInStockList = z.object({
  results: z.array(backInStockEntry).describe('Open requests, newest first'),
});
export type BackInStockList = z.infer<typeof backInStockList>;

export const backInStockParams = z.object({ requestId: idParam });

export const backInStockRemoveResponse = z.object({
  id: z.number().int().describe('The request removed'),
  message: z.literal(BACK_IN_STOCK_REMOVED),
});
export type BackInStockRemoveResponse = z.infer<typeof backInStockRemoveResponse>;
