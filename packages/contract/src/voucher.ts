import { z } from 'zod';
import { errorBody, money } from './common';
import { PROMO_APPLIED } from './shop-texts';

// Defined without zod in shop-texts.ts (the storefront's main bundle uses them); exported here too.
export { formatRupees, PROMO_APPLIED, VOUCHER_MESSAGES } from './shop-texts';

export const VOUCHER_TYPES = ['Percentage', 'Amount'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

/** Why a code was refused; each has its own message (see the docs of POST /voucher/apply/). */
export const VOUCHER_REJECTIONS = [
  'blank',
  'invalid',
  'inactive',
  'not_started',
  'expired',
  'used_up',
  'customer_limit',
  'empty_cart',
  'below_minimum',
] as const;
export type VoucherRejectionReason = (typeof VOUCHER_REJECTIONS)[number];

export const voucherApplyRequest = z.strictObject(
  {
    code: z
      .string({ error: (i) => (i.input === undefined ? 'code is required' : 'code must be text') })
      .max(64, 'A promo code has at most 64 characters')
      .describe('Matched ignoring case and surrounding spaces'),
    order_total: z
      .number({ error: 'order_total must be a number' })
      .nullable()
      .optional()
      .describe(
        'Accepted for the spec’s client and ignored: the base is the caller’s cart at current prices',
      ),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? `Unknown field: ${i.keys.join(', ')}`
        : 'The body must be an object {code, order_total}',
  },
);
export type VoucherApplyRequest = z.infer<typeof voucherApplyRequest>;

/** The server voucher of shopping.md §3, money in rupees. */
export const voucher = z.object({
  id: z.number().int(),
  code: z.string().describe('As stored (the canonical spelling), whatever case was sent'),
  voucher_type: z.enum(VOUCHER_TYPES),
  discount_percentage: z.number().describe('Percent off (Percentage vouchers), 0 for Amount vouchers'),
  discount_amount: money.describe('Fixed rupees off (Amount vouchers), 0 for Percentage vouchers'),
  minimum_order_value: money,
  maximum_discount: money.nullable().describe('Cap on a Percentage discount; null when uncapped'),
  valid_from: z.string().nullable().describe('ISO 8601; the code works from this instant on'),
  valid_to: z.string().nullable().describe('ISO 8601; the code stops working at this instant'),
});
export type Voucher = z.infer<typeof voucher>;

export const voucherApplyResponse = z.object({
  voucher,
  discount_amount: money.describe('Rupees off the cart total now'),
  is_valid: z.literal(true),
  message: z.literal(PROMO_APPLIED),
  cart_total: money.describe('The base: the caller’s cart total at current prices (available lines only)'),
  final_amount: money.describe('cart_total − discount_amount, never below 0'),
});
export type VoucherApplyResponse = z.infer<typeof voucherApplyResponse>;

/** A 400 for a code that cannot be applied now (a malformed request is a plain errorBody). */
export const voucherRejection = errorBody.extend({
  msg: z.string().describe('Same text as message'),
  is_valid: z.literal(false),
  reason: z.enum(VOUCHER_REJECTIONS),
  voucher: z.null(),
  discount_amount: z.literal(0),
  minimum_order_value: money.optional().describe('Only with reason below_minimum'),
});
export type VoucherRejection = z.infer<typeof voucherRejection>;

/**
 * A code the shop lists in carts (decision 055), as it stands against the caller's cart now: either
 * it applies (saving > 0, missing 0) or the cart is short of its minimum (saving 0, missing > 0).
 */
export const cartVoucher = z.object({
  voucher,
  applicable: z.boolean().describe('True when applying it now would succeed'),
  saving: money.describe(
    'Rupees it takes off this cart now, computed as POST /voucher/apply/ does; 0 when not applicable',
  ),
  missing: money.describe(
    'Rupees to add before it applies (its minimum minus the cart total); 0 when applicable',
  ),
});
export type CartVoucher = z.infer<typeof cartVoucher>;

export const cartVoucherList = z.object({
  cart_total: money.describe('The base: the caller’s cart total at current prices (available lines only)'),
  results: z
    .array(cartVoucher)
    .describe(
      'Applicable codes first, biggest saving first; then codes the cart is short of, smallest gap first',
    ),
});
export type CartVoucherList = z.infer<typeof cartVoucherList>;
