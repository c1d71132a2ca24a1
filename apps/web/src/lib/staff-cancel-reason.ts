import type { StaffCancelReason } from '@pasal/contract/staff-cancel-reasons';
import { msg } from '../i18n/i18n';

/**
 * Why staff cancelled an order, when they picked the reason from the console's list (decision
 * 070): the API answers its code (the English text); the customer's pages show it through t() in
 * the reader's language, the same Nepali words as the SMS (packages/contract/src/staff-cancel-reasons.ts).
 */
export const STAFF_CANCEL_TEXTS: Record<StaffCancelReason, string> = {
  'Items out of stock': msg('Items out of stock'),
  'Delivery area not covered': msg('Delivery area not covered'),
  'Customer could not be reached': msg('Customer could not be reached'),
  'Asked by the customer': msg('Asked by the customer'),
  'Duplicate order': msg('Duplicate order'),
  'Payment not received': msg('Payment not received'),
};

/** The reason to show: a listed one in the reader's language, a typed one as it was typed. */
export function cancelReasonText(
  t: (key: string) => string,
  code: StaffCancelReason | null,
  typed: string,
): string {
  return code ? t(STAFF_CANCEL_TEXTS[code]) : typed;
}
