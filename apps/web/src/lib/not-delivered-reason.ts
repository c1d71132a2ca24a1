import type { NotDeliveredReason } from '@pasal/contract/not-delivered-reasons';
import { msg } from '../i18n/i18n';

/**
 * Why a delivery failed: the API keeps the rider's choice as its English text; the rider's list and
 * the customer's order page show it through t() in the reader's language (the same Nepali words as
 * the customer's SMS, apps/api/src/modules/messaging/templates/nepali-templates.ts).
 */
export const NOT_DELIVERED_TEXTS: Record<NotDeliveredReason, string> = {
  'Customer not reachable': msg('Customer not reachable'),
  'Customer not at home': msg('Customer not at home'),
  'Address not found': msg('Address not found'),
  'Customer refused the order': msg('Customer refused the order'),
  Other: msg('Other'),
};
