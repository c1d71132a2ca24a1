import type { Language } from '@pasal/contract/language';
import type { NotDeliveredReason } from '@pasal/contract/not-delivered-reasons';
import type { CancelReason } from '@pasal/contract/staff-cancel-reasons';
import { englishTemplates } from './english-templates';
import { nepaliTemplates } from './nepali-templates';

/** A message's words: the e-mail subject (kept for SMS too, as the outbox records it) and text. */
export interface MessageText {
  subject: string;
  text: string;
}

/** A confirmed order as its confirmation tells it; the Nepali names fall back to the English ones. */
export interface ConfirmedOrder {
  trackingId: string;
  lines: { title: string; nepaliTitle: string; quantity: number; lineTotal: number }[];
  subtotal: number;
  discount: number;
  voucherCode: string;
  deliveryCharge: number;
  total: number;
  paymentMethod: 'cash' | 'esewa' | 'khalti';
  address: {
    full_name: string;
    phone: string;
    location: string;
    municipality: string;
    district: string;
    /** The places' Nepali names, when known. */
    municipalityNe?: string;
    districtNe?: string;
  };
}

/** A product that is back in stock, as its "Notify me" message names it (url: its page). */
export interface RestockedProduct {
  title: string;
  /** Empty when the product has no Nepali name: the English one is used. */
  nepaliTitle: string;
  url: string;
}

/** The rider carrying an order, as the "out for delivery" message names them. */
export interface OrderRider {
  name: string;
  phone: string;
}

/**
 * A step of an order after its receipt, as its message tells it (docs/delivery-messages.md).
 * `cashDue`: what the customer pays at the door (paisa), null when nothing is left to pay.
 * `refundDue`: a cancelled order whose online payment will be given back.
 */
export type OrderStep =
  | { step: 'packed' }
  | { step: 'out_for_delivery'; rider: OrderRider | null; cashDue: number | null }
  | { step: 'delivered' }
  /** `reason`: the rider's choice from the list, written in the customer's language by the template. */
  | { step: 'not_delivered'; reason: NotDeliveredReason }
  /** `cancelReason`: staff's listed reason or the shop's own (decisions 070, 073), in the customer's language. */
  | { step: 'cancelled'; reason: string; cancelReason?: CancelReason | null; refundDue: boolean }
  | { step: 'refunded'; amount: number; method: 'cash' | 'esewa' | 'khalti' };

export type OrderStepName = OrderStep['step'];

/** A reason written into an SMS is cut to this many characters, so the message stays short. */
export const SMS_REASON_LENGTH = 40;

/**
 * The reason as an SMS carries it: trimmed, and cut beyond SMS_REASON_LENGTH with "..." (the
 * ellipsis character is not GSM-7: it would make an English SMS Unicode, 70 characters a part).
 */
export function smsReason(reason: string): string {
  const text = reason.trim().replace(/\s+/g, ' ');
  return text.length <= SMS_REASON_LENGTH ? text : `${text.slice(0, SMS_REASON_LENGTH - 3).trimEnd()}...`;
}

/** Every message the shop sends, written once per language (english-templates.ts, nepali-templates.ts). */
export interface MessageTemplates {
  /** The code that proves a phone or an e-mail address (sign-up, phone sign-up, e-mail proof). */
  verificationCode(code: string): MessageText;
  /** The code that lets the owner choose a new password. */
  resetCode(code: string): MessageText;
  orderConfirmedEmail(firstName: string, order: ConfirmedOrder): MessageText;
  orderConfirmedSms(order: ConfirmedOrder): MessageText;
  /** The one message of a "Notify me" request (decision 053). */
  backInStockEmail(firstName: string, product: RestockedProduct): MessageText;
  backInStockSms(product: RestockedProduct): MessageText;
  /** A later step of an order (packed, out for delivery, …, refunded), by e-mail and by SMS. */
  orderStepEmail(firstName: string, trackingId: string, step: OrderStep): MessageText;
  orderStepSms(trackingId: string, step: OrderStep): MessageText;
}

const TEMPLATES: Record<Language, MessageTemplates> = { en: englishTemplates, ne: nepaliTemplates };

/** The account's language's templates (English for anything unknown). */
export function templatesFor(language: Language | null | undefined): MessageTemplates {
  return TEMPLATES[language ?? 'en'] ?? englishTemplates;
}
