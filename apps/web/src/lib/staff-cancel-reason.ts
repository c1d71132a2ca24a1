import type { CancelReason } from '@pasal/contract/staff-cancel-reasons';
import { msg } from '../i18n/i18n';

/**
 * Why an order was cancelled, when staff picked the reason from the console's list (decision 070)
 * or the shop cancelled it on its own (decision 073): the API answers its code (the English text);
 * the customer's pages show it through t() in the reader's language, the same Nepali words as the
 * SMS (packages/contract/src/staff-cancel-reasons.ts).
 */
export const CANCEL_TEXTS: Record<CancelReason, string> = {
  'Items out of stock': msg('Items out of stock'),
  'Delivery area not covered': msg('Delivery area not covered'),
  'Customer could not be reached': msg('Customer could not be reached'),
  'Asked by the customer': msg('Asked by the customer'),
  'Duplicate order': msg('Duplicate order'),
  'Payment not received': msg('Payment not received'),
  'Cancelled automatically: the online payment was not completed in time.': msg(
    'Cancelled automatically: the online payment was not completed in time.',
  ),
};

/** The reason to show: a listed one in the reader's language, a typed one as it was typed. */
export function cancelReasonText(
  t: (key: string) => string,
  code: CancelReason | null,
  typed: string,
): string {
  return code ? t(CANCEL_TEXTS[code]) : typed;
}
