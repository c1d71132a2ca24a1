import type { Order, OrderLine } from '@pasal/contract/orders';
import type { OrderPaymentFields } from '@pasal/contract/payments';
import { msg, t } from '../../i18n/i18n';
import { formatShortDate } from '../../lib/format-date';
import { formatRsDot2 } from '../../lib/money';

/** Money on the order pages: "Rs." and 2 decimals (shopping.md §9). */
export const formatOrderRs = formatRsDot2;

const PAYMENT_LABELS: Record<OrderPaymentFields['payment_status'], string> = {
  Paid: msg('Paid'),
  Unpaid: msg('Unpaid'),
  Pending: msg('Payment pending'),
  'Refund due': msg('Refund due'),
  Refunded: msg('Refunded'),
};

type PaymentState = Pick<OrderPaymentFields, 'payment_status'> & { order_status?: string };

/** The payment state a card shows: a cancelled order awaits no payment, so it is never pending. */
export function shownPaymentStatus(order: PaymentState): OrderPaymentFields['payment_status'] {
  return order.order_status === 'Cancelled' && order.payment_status === 'Pending'
    ? 'Unpaid'
    : order.payment_status;
}

/**
 * The card's payment label: Paid, Unpaid, Payment pending, Refund due (a paid order cancelled) or
 * Refunded (staff gave the money back).
 */
export const paymentLabel = (order: PaymentState) => t(PAYMENT_LABELS[shownPaymentStatus(order)]);

/**
 * Whether the card offers Cancel Order: not for a delivered or cancelled order (an order on its
 * way still shows it, and pressing it says it can no longer be cancelled).
 */
export const offersCancel = (order: Pick<Order, 'order_status'>) =>
  order.order_status !== 'Delivered' && order.order_status !== 'Cancelled';

/** "Refunded on 6 Mar 2026" once the money went back; null before. */
export function refundedOn(order: Pick<OrderPaymentFields, 'payment_status' | 'refunded_at'>): string | null {
  if (order.payment_status !== 'Refunded' || !order.refunded_at) return null;
  return t('Refunded on {{date}}', { date: formatShortDate(order.refunded_at) });
}

const METHOD_LABELS: Record<OrderPaymentFields['payment_method'], string> = {
  cash: msg('Cash on Delivery'),
  esewa: 'eSewa',
  khalti: 'Khalti',
};

export const paymentMethodLabel = (method: OrderPaymentFields['payment_method']) => t(METHOD_LABELS[method]);

/** Pay now: the server says the order can be paid, and it names a wallet to pay with. */
export function payNowWallet(order: Pick<Order, 'can_pay' | 'payment_method'>): 'esewa' | 'khalti' | null {
  if (!order.can_pay || order.payment_method === 'cash') return null;
  return order.payment_method;
}

/** Tracking ID, falling back to the id (accounts-orders.md §2). */
export const trackingLabel = (order: { id: number; tracking_id?: string | null }) =>
  order.tracking_id || String(order.id);

/** The line shown in the cancel popup: the first, and how many others come with it. */
export function cancelPreview(lines: OrderLine[]): { line: OrderLine | undefined; others: number } {
  return { line: lines[0], others: Math.max(0, lines.length - 1) };
}

/** The pages a list of `count` items makes, `pageSize` at a time (at least one). */
export const pageCount = (count: number, pageSize: number) =>
  Math.max(1, Math.ceil(count / Math.max(1, pageSize)));

/** The page asked for in the address bar: a whole number from 1, else 1. */
export function pageFromQuery(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}
