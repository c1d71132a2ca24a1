import { z } from 'zod';
import {
  bodyError,
  booleanInput,
  dateTimeInput,
  dateTimeText,
  hasAtMostTwoDecimals,
  listQuery,
  pageOf,
  queryBoolean,
  rupeesInput,
  version,
  versionInput,
  wholeInput,
} from './admin-common';
import { idParam, money } from './common';
import { VOUCHER_TYPES } from './voucher';

// Promo codes in the shop console: every rule POST /voucher/apply/ checks (docs/decisions/007).

export const VOUCHER_STATES = ['live', 'scheduled', 'expired', 'used_up', 'inactive'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const VOUCHER_CODE_TAKEN = 'A voucher with this code already exists (codes ignore case)';
export const VOUCHER_IN_USE = 'This voucher has been used in orders; switch it off instead of deleting it';

export const adminVoucher = z.object({
  id: z.number().int(),
  code: z.string(),
  voucher_type: z.enum(VOUCHER_TYPES),
  discount_percentage: z.number().describe('Percent off (Percentage vouchers), else 0'),
  discount_amount: money.describe('Rupees off (Amount vouchers), else 0'),
  minimum_order_value: money,
  maximum_discount: money.nullable().describe('Cap of a Percentage discount; null: uncapped'),
  usage_limit: z.number().int().nullable().describe('Uses by everybody; null: unlimited'),
  per_customer_limit: z.number().int().nullable().describe('Uses per customer; null: unlimited'),
  valid_from: dateTimeText.nullable().describe('Works from this instant (null: from now on)'),
  valid_to: dateTimeText.nullable().describe('Stops working at this instant (null: never)'),
  is_active: z.boolean(),
  is_listed: z
    .boolean()
    .describe('Shown to every customer in the cart’s list of codes; false: only who knows it'),
  uses_so_far: z.number().int().describe('Orders using it now (uses of cancelled orders are released)'),
  state: z.enum(VOUCHER_STATES).describe('What a customer applying it now would meet'),
  created_at: dateTimeText,
  version,
});
export type AdminVoucher = z.infer<typeof adminVoucher>;

export const adminVoucherPage = pageOf(adminVoucher);
export type AdminVoucherPage = z.infer<typeof adminVoucherPage>;

export const adminVoucherListQuery = listQuery(
  ['code', 'created_at', 'valid_to', 'uses_so_far', 'id'],
  { sort: 'created_at', order: 'desc' },
  {
    active: queryBoolean('active').optional(),
    voucher_type: z.enum(VOUCHER_TYPES, { error: 'voucher_type must be Percentage or Amount' }).optional(),
    state: z.enum(VOUCHER_STATES, { error: `state must be one of: ${VOUCHER_STATES.join(', ')}` }).optional(),
  },
).describe('q matches part of the code, ignoring case');

const nullableWhole = (label: string) =>
  z
    .union([wholeInput(label, 1, 1_000_000_000), z.null()], {
      error: `${label} must be a whole number of at least 1, or null for no limit`,
    })
    .describe('Null: no limit');

const voucherFields = {
  code: z
    .string({ error: (i) => (i.input === undefined ? 'Code is required' : 'Code must be text') })
    .trim()
    .min(1, 'Code is required')
    .max(64, 'A code has at most 64 characters')
    .regex(VOUCHER_CODE_PATTERN, 'A code has only letters, digits, dashes and underscores')
    .describe('Unique ignoring case; kept as typed'),
  voucher_type: z.enum(VOUCHER_TYPES, { error: 'voucher_type must be Percentage or Amount' }),
  discount_percentage: z
    .number({ error: 'Percentage must be a number' })
    .min(0, 'Percentage must be between 0 and 100')
    .max(100, 'Percentage must be between 0 and 100')
    .refine(hasAtMostTwoDecimals, 'Percentage can have at most 2 decimals'),
  discount_amount: rupeesInput('Discount amount'),
  minimum_order_value: rupeesInput('Minimum order value'),
  maximum_discount: z
    .union([rupeesInput('Maximum discount'), z.null()], {
      error: 'Maximum discount must be a number or null',
    })
    .describe('Percentage vouchers only; null: uncapped'),
  usage_limit: nullableWhole('Usage limit'),
  per_customer_limit: nullableWhole('Per-customer limit'),
  valid_from: z.union([dateTimeInput('Valid from'), z.null()]),
  valid_to: z.union([dateTimeInput('Valid to'), z.null()]),
  is_active: booleanInput('is_active'),
  is_listed: booleanInput('is_listed'),
};

export const adminVoucherCreate = z.strictObject(
  {
    code: voucherFields.code,
    voucher_type: voucherFields.voucher_type,
    ...z
      .object({
        discount_percentage: voucherFields.discount_percentage,
        discount_amount: voucherFields.discount_amount,
        minimum_order_value: voucherFields.minimum_order_value,
        maximum_discount: voucherFields.maximum_discount,
        usage_limit: voucherFields.usage_limit,
        per_customer_limit: voucherFields.per_customer_limit,
        valid_from: voucherFields.valid_from,
        valid_to: voucherFields.valid_to,
        is_active: voucherFields.is_active,
        is_listed: voucherFields.is_listed,
      })
      .partial().shape,
  },
  { error: bodyError('The body must be a voucher object') },
);
export type AdminVoucherCreate = z.input<typeof adminVoucherCreate>;

export const adminVoucherUpdate = z.strictObject(
  { version: versionInput, ...z.object(voucherFields).partial().shape },
  { error: bodyError('The body must be an object with the fields to change and version') },
);
export type AdminVoucherUpdate = z.input<typeof adminVoucherUpdate>;

/** A voucher's rules as a whole (after an edit is merged into it), money in paisa. */
export interface VoucherRules {
  voucherType: (typeof VOUCHER_TYPES)[number];
  /** Hundredths of a percent. */
  percentBasisPoints: number;
  discountAmountPaisa: number;
  maximumDiscountPaisa: number | null;
  validFrom: Date | null;
  validTo: Date | null;
}

/** The rules that tie fields together; field → message, empty when the voucher makes sense. */
export function voucherRuleErrors(rules: VoucherRules): Record<string, string> {
  const errors: Record<string, string> = {};
  if (rules.voucherType === 'Percentage') {
    if (rules.percentBasisPoints <= 0)
      errors.discount_percentage = 'A Percentage voucher needs a percentage above 0 (at most 100)';
    if (rules.discountAmountPaisa !== 0)
      errors.discount_amount = 'A Percentage voucher has no fixed amount (send 0)';
  } else {
    if (rules.discountAmountPaisa <= 0)
      errors.discount_amount = 'An Amount voucher needs a discount amount above 0';
    if (rules.percentBasisPoints !== 0)
      errors.discount_percentage = 'An Amount voucher has no percentage (send 0)';
    if (rules.maximumDiscountPaisa !== null)
      errors.maximum_discount = 'Only a Percentage voucher has a maximum discount (send null)';
  }
  if (rules.validFrom && rules.validTo && rules.validTo <= rules.validFrom)
    errors.valid_to = 'Valid to must be after valid from';
  return errors;
}

export const adminVoucherParams = z.object({ voucherId: idParam });
export const adminVoucherResponse = z.object({ voucher: adminVoucher });
export type AdminVoucherResponse = z.infer<typeof adminVoucherResponse>;
