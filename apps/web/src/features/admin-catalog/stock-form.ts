import { type StockAdjustmentRequest, stockAdjustmentRequest } from '@pasal/contract/admin-products';
import { checkBody, type FieldErrors, numberOrText } from '../../components/console/form-values';

export interface StockFormValues {
  /** delta: add or take away units; set: record a count. */
  mode: 'delta' | 'set';
  amount: string;
  reason: string;
}

export const emptyStockForm: StockFormValues = { mode: 'delta', amount: '', reason: '' };

/** The adjustment's body, checked by the contract; the delta's or set's error shows under the amount. */
export function stockBody(
  values: StockFormValues,
): { ok: true; body: StockAdjustmentRequest } | { ok: false; errors: FieldErrors } {
  const amount = numberOrText(values.amount);
  const body = { [values.mode]: amount, reason: values.reason };
  const checked = checkBody(stockAdjustmentRequest, body);
  if (checked.ok) return { ok: true, body: body as StockAdjustmentRequest };
  const { delta, set, ...rest } = checked.errors;
  const amountError =
    amount === undefined
      ? values.mode === 'set'
        ? 'Enter the counted stock'
        : 'Enter the units to add or take away'
      : (delta ?? set);
  return { ok: false, errors: amountError ? { ...rest, amount: amountError } : rest };
}
