import { parseNepalDateTime } from '@pasal/contract/admin-common';
import {
  type AdminFlashSale,
  type AdminFlashSaleCreate,
  type AdminFlashSaleUpdate,
  adminFlashSaleCreate,
  END_BEFORE_START,
  FLASH_SALE_PER_CUSTOMER_DEFAULT,
  SALE_PRICE_NOT_BELOW,
  SALE_PRICE_POSITIVE,
} from '@pasal/contract/admin-flash-sales';
import { formatRupees } from '@pasal/contract/shop-texts';
import {
  changedFields,
  checkBody,
  type FieldErrors,
  nepalInputValue,
  numberOrText,
} from '../../components/console/form-values';
import { toPaisa } from '../../lib/money';

export interface PickedProduct {
  id: number;
  title: string;
  selling_price: number;
}

export interface FlashSaleFormValues {
  product: PickedProduct | null;
  sale_price: string;
  /** datetime-local text, Nepal time. */
  starts_at: string;
  ends_at: string;
  is_active: boolean;
  /** Units one customer may buy in the sale. */
  per_customer_limit: string;
}

export const FLASH_SALE_LABELS: Record<string, string> = {
  product: 'Product',
  sale_price: 'Sale price',
  starts_at: 'Start',
  ends_at: 'End',
  is_active: 'Active',
  per_customer_limit: 'Limit per customer',
};

/** What the form reads of a sale: everything but its product's Nepali title (the list shows that). */
type SaleRead = Omit<AdminFlashSale, 'product'> & {
  product: Omit<AdminFlashSale['product'], 'nepali_title'>;
};

export function flashSaleToForm(sale: SaleRead | undefined): FlashSaleFormValues {
  return {
    product: sale ? sale.product : null,
    sale_price: sale ? String(sale.sale_price) : '',
    starts_at: nepalInputValue(sale?.starts_at),
    ends_at: nepalInputValue(sale?.ends_at),
    is_active: sale?.is_active ?? true,
    per_customer_limit: String(sale?.per_customer_limit ?? FLASH_SALE_PER_CUSTOMER_DEFAULT),
  };
}

function formBody(values: FlashSaleFormValues) {
  return {
    product: values.product?.id,
    sale_price: numberOrText(values.sale_price),
    starts_at: values.starts_at || undefined,
    ends_at: values.ends_at || undefined,
    is_active: values.is_active,
    per_customer_limit: numberOrText(values.per_customer_limit),
  };
}

/**
 * The sale's body, checked by the contract and by the rules the server applies to the sale as a
 * whole: the end after the start, and (while active) a price above 0 and below the regular price.
 * The limit per customer is a whole number from 1 (the contract's range).
 */
export function flashSaleBody(
  values: FlashSaleFormValues,
  sale: SaleRead | undefined,
): { ok: true; body: AdminFlashSaleCreate | AdminFlashSaleUpdate } | { ok: false; errors: FieldErrors } {
  const body = formBody(values);
  const checked = checkBody(adminFlashSaleCreate, body);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  const start = values.starts_at ? parseNepalDateTime(values.starts_at) : null;
  const end = values.ends_at ? parseNepalDateTime(values.ends_at) : null;
  if (start && end && end <= start) errors.ends_at ??= END_BEFORE_START;
  const price = body.sale_price;
  // The server's own wording (its rupees without digit grouping), so both messages read alike.
  if (values.is_active && typeof price === 'number' && !errors.sale_price) {
    if (toPaisa(price) <= 0) errors.sale_price = SALE_PRICE_POSITIVE;
    else if (values.product && toPaisa(price) >= toPaisa(values.product.selling_price))
      errors.sale_price = SALE_PRICE_NOT_BELOW(formatRupees(toPaisa(values.product.selling_price)));
  }
  if (!values.product) errors.product = 'Choose the product on sale';
  if (body.per_customer_limit === undefined) errors.per_customer_limit = 'Limit per customer is required';
  if (Object.keys(errors).length) return { ok: false, errors };
  if (!sale) return { ok: true, body: body as AdminFlashSaleCreate };
  const patch = { version: sale.version, ...changedFields(formBody(flashSaleToForm(sale)), body) };
  return { ok: true, body: patch as AdminFlashSaleUpdate };
}
