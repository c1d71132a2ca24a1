// Its own file, as not-delivered-reasons.ts: the customer's order (orders.ts), the console's cancel
// dialog, the API's message templates and the storefront's Nepali catalogue all read it.

/**
 * The reasons staff pick when they cancel an order (decision 070). The code is the English text,
 * stored as the cancellation's remarks as before; the customer reads it in their language (the
 * order page, the SMS and e-mail). A reason staff type themselves ("Other") is sent as typed.
 */
export const STAFF_CANCEL_REASONS = [
  'Items out of stock',
  'Delivery area not covered',
  'Customer could not be reached',
  'Asked by the customer',
  'Duplicate order',
  'Payment not received',
] as const;
export type StaffCancelReason = (typeof STAFF_CANCEL_REASONS)[number];

/**
 * The Nepali the customer reads: the SMS and e-mail write these, and the storefront's catalogue
 * (apps/web/src/i18n/messages-ne.ts) takes them from here, so the page and the SMS agree.
 */
export const STAFF_CANCEL_REASONS_NE: Record<StaffCancelReason, string> = {
  'Items out of stock': 'सामान स्टकमा छैन',
  'Delivery area not covered': 'यो ठाउँमा डेलिभरी हुँदैन',
  'Customer could not be reached': 'ग्राहकसँग सम्पर्क हुन सकेन',
  'Asked by the customer': 'ग्राहकको अनुरोधमा',
  'Duplicate order': 'दोहोरिएको अर्डर',
  'Payment not received': 'भुक्तानी प्राप्त भएन',
};

/** The code of a staff cancellation's remarks, or null for a reason typed as free text. */
export function staffCancelReason(remarks: string): StaffCancelReason | null {
  const text = remarks.trim();
  return (STAFF_CANCEL_REASONS as readonly string[]).includes(text) ? (text as StaffCancelReason) : null;
}

/**
 * The reason the shop writes itself when an online payment is never completed in time (the API's
 * payments/cancel-unpaid-order.ts): a code in the same way, its English text stored as before.
 */
export const UNPAID_CANCEL_REASON = 'Cancelled automatically: the online payment was not completed in time.';

/** Every cancellation reason a customer reads in their language: staff's list and the shop's own. */
export const CANCEL_REASONS = [...STAFF_CANCEL_REASONS, UNPAID_CANCEL_REASON] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_REASONS_NE: Record<CancelReason, string> = {
  ...STAFF_CANCEL_REASONS_NE,
  [UNPAID_CANCEL_REASON]: 'अनलाइन भुक्तानी समयमै पूरा भएन',
};

/**
 * The code of a cancellation's reason, or null for one typed as free text: a staff reason from their
 * list, or the shop's own when the system cancelled. A customer's own reason is theirs, as typed.
 */
export function cancelReasonCode(by: string, remarks: string): CancelReason | null {
  if (by === 'staff') return staffCancelReason(remarks);
  return by === 'system' && remarks.trim() === UNPAID_CANCEL_REASON ? UNPAID_CANCEL_REASON : null;
}
