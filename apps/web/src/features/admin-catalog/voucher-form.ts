import { parseNepalDateTime } from '@pasal/contract/admin-common';
import {
  type AdminVoucher,
  type AdminVoucherCreate,
  type AdminVoucherUpdate,
  adminVoucherCreate,
  voucherRuleErrors,
} from '@pasal/contract/admin-vouchers';
import type { FieldSpec } from '../../components/console/form-fields';
import {
  changedFields,
  checkBody,
  type FieldErrors,
  nepalInputValue,
  numberOrNull,
  numberOrText,
  numberText,
} from '../../components/console/form-values';
import { toPaisa } from '../../lib/money';

export interface VoucherFormValues {
  code: string;
  voucher_type: 'Percentage' | 'Amount';
  discount_percentage: string;
  discount_amount: string;
  minimum_order_value: string;
  /** Blank: uncapped. */
  maximum_discount: string;
  /** Blank: unlimited. */
  usage_limit: string;
  per_customer_limit: string;
  /** datetime-local text in Nepal time; blank: no bound. */
  valid_from: string;
  valid_to: string;
  is_active: boolean;
  /** Shown to every customer in the cart's list of codes (decision 055). */
  is_listed: boolean;
}

export const VOUCHER_LABELS: Record<string, string> = {
  code: 'Code',
  voucher_type: 'Type',
  discount_percentage: 'Percentage',
  discount_amount: 'Discount amount',
  minimum_order_value: 'Minimum order value',
  maximum_discount: 'Maximum discount',
  usage_limit: 'Usage limit',
  per_customer_limit: 'Per-customer limit',
  valid_from: 'Valid from',
  valid_to: 'Valid to',
  is_active: 'Active',
  is_listed: 'Listed in carts',
};

export function voucherToForm(v: AdminVoucher | undefined): VoucherFormValues {
  return {
    code: v?.code ?? '',
    voucher_type: v?.voucher_type ?? 'Percentage',
    discount_percentage: v && v.voucher_type === 'Percentage' ? numberText(v.discount_percentage) : '',
    discount_amount: v && v.voucher_type === 'Amount' ? numberText(v.discount_amount) : '',
    minimum_order_value: v ? numberText(v.minimum_order_value) : '0',
    maximum_discount: numberText(v?.maximum_discount),
    usage_limit: numberText(v?.usage_limit),
    per_customer_limit: numberText(v?.per_customer_limit),
    valid_from: nepalInputValue(v?.valid_from),
    valid_to: nepalInputValue(v?.valid_to),
    is_active: v?.is_active ?? true,
    is_listed: v?.is_listed ?? false,
  };
}

/** The fields a voucher of the chosen type has; the other type's are sent as 0 or null. */
function formBody(values: VoucherFormValues) {
  const percentage = values.voucher_type === 'Percentage';
  return {
    code: values.code.trim(),
    voucher_type: values.voucher_type,
    discount_percentage: percentage ? numberOrText(values.discount_percentage) : 0,
    discount_amount: percentage ? 0 : numberOrText(values.discount_amount),
    minimum_order_value: numberOrText(values.minimum_order_value) ?? 0,
    maximum_discount: percentage ? numberOrNull(values.maximum_discount) : null,
    usage_limit: numberOrNull(values.usage_limit),
    per_customer_limit: numberOrNull(values.per_customer_limit),
    valid_from: values.valid_from || null,
    valid_to: values.valid_to || null,
    is_active: values.is_active,
    is_listed: values.is_listed,
  };
}

/** The voucher's body, checked by the contract's field rules and its rules for the whole voucher. */
export function voucherBody(
  values: VoucherFormValues,
  voucher: AdminVoucher | undefined,
): { ok: true; body: AdminVoucherCreate | AdminVoucherUpdate } | { ok: false; errors: FieldErrors } {
  const body = formBody(values);
  const checked = checkBody(adminVoucherCreate, body);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  if (values.voucher_type === 'Percentage' && body.discount_percentage === undefined)
    errors.discount_percentage ??= 'Enter the percentage off';
  if (values.voucher_type === 'Amount' && body.discount_amount === undefined)
    errors.discount_amount ??= 'Enter the amount off';
  const num = (value: unknown) => (typeof value === 'number' ? value : 0);
  const rules = voucherRuleErrors({
    voucherType: values.voucher_type,
    // Hundredths of a percent, rounded like paisa.
    percentBasisPoints: toPaisa(num(body.discount_percentage)),
    discountAmountPaisa: toPaisa(num(body.discount_amount)),
    maximumDiscountPaisa: typeof body.maximum_discount === 'number' ? toPaisa(body.maximum_discount) : null,
    validFrom: body.valid_from ? parseNepalDateTime(body.valid_from) : null,
    validTo: body.valid_to ? parseNepalDateTime(body.valid_to) : null,
  });
  for (const [field, message] of Object.entries(rules)) errors[field] ??= message;
  if (Object.keys(errors).length) return { ok: false, errors };
  if (!voucher) return { ok: true, body: body as AdminVoucherCreate };
  return {
    ok: true,
    body: {
      version: voucher.version,
      ...changedFields(formBody(voucherToForm(voucher)), body),
    } as AdminVoucherUpdate,
  };
}

const percentage = (v: VoucherFormValues) => v.voucher_type === 'Percentage';

/** The voucher dialog's fields, in order (two to a row from sm up). */
export const VOUCHER_FIELDS: readonly FieldSpec<VoucherFormValues>[] = [
  {
    name: 'code',
    label: 'Code',
    className: 'col-sm-6 mb-3',
    required: true,
    hint: 'Letters, digits, - and _; shoppers may type it in any case',
  },
  {
    name: 'voucher_type',
    label: 'Type',
    kind: 'select',
    className: 'col-sm-6 mb-3',
    options: [
      { value: 'Percentage', label: 'Percentage off' },
      { value: 'Amount', label: 'Fixed amount off' },
    ],
  },
  {
    name: 'discount_percentage',
    label: 'Percentage off',
    inputMode: 'decimal',
    className: 'col-sm-6 mb-3',
    required: true,
    when: percentage,
  },
  {
    name: 'maximum_discount',
    label: 'Maximum discount (Rs)',
    inputMode: 'decimal',
    className: 'col-sm-6 mb-3',
    hint: 'Blank: no cap',
    when: percentage,
  },
  {
    name: 'discount_amount',
    label: 'Amount off (Rs)',
    inputMode: 'decimal',
    className: 'col-sm-6 mb-3',
    required: true,
    when: (v) => !percentage(v),
  },
  {
    name: 'minimum_order_value',
    label: 'Minimum order value (Rs)',
    inputMode: 'decimal',
    className: 'col-sm-6 mb-3',
  },
  {
    name: 'usage_limit',
    label: 'Usage limit',
    inputMode: 'numeric',
    className: 'col-sm-6 mb-3',
    hint: 'Uses by everybody; blank: unlimited',
  },
  {
    name: 'per_customer_limit',
    label: 'Per-customer limit',
    inputMode: 'numeric',
    className: 'col-sm-6 mb-3',
    hint: 'Blank: unlimited',
  },
  {
    name: 'valid_from',
    label: 'Valid from (Nepal time)',
    type: 'datetime-local',
    className: 'col-sm-6 mb-3',
    hint: 'Blank: from now on',
  },
  {
    name: 'valid_to',
    label: 'Valid to (Nepal time)',
    type: 'datetime-local',
    className: 'col-sm-6 mb-3',
    hint: 'Blank: never ends',
  },
];
