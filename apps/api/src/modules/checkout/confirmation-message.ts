import type { Address } from '@pasal/contract/addresses';
import type { OutgoingMessage } from '../messaging/message-sender';

export interface ConfirmedOrder {
  trackingId: string;
  lines: { title: string; quantity: number; lineTotal: number }[];
  subtotal: number;
  discount: number;
  voucherCode: string;
  deliveryCharge: number;
  total: number;
  paymentMethod: 'cash' | 'esewa' | 'khalti';
  address: Pick<Address, 'full_name' | 'phone' | 'location' | 'municipality' | 'district'>;
}

const PAYMENT_LINES = {
  cash: 'Cash on Delivery: please keep the amount ready when your order arrives.',
  esewa: 'eSewa: your order is confirmed as paid once eSewa confirms the payment.',
  khalti: 'Khalti: your order is confirmed as paid once Khalti confirms the payment.',
} as const;

/** "Rs 1,234.50" from integer paisa, without floating point. */
export function rupeesText(paisa: number): string {
  const whole = Math.trunc(paisa / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `Rs ${whole}.${String(paisa % 100).padStart(2, '0')}`;
}

/**
 * The order confirmation: an e-mail when the customer has proved an address, an SMS otherwise;
 * none when the account has neither (it cannot happen for an account that logged in, but the
 * order stands). An address nobody proved may be anyone's: it gets no mail (decision 035).
 */
export function confirmationMessage(
  customer:
    | { email: string | null; emailVerified: boolean; phone: string | null; firstName: string }
    | undefined,
  order: ConfirmedOrder,
): Omit<OutgoingMessage, 'otp'> | null {
  const subject = `Your Pasal order ${order.trackingId} is confirmed`;
  if (customer?.email && customer.emailVerified) {
    const text = [
      `Namaste ${customer.firstName || 'there'},`,
      '',
      `Thank you for shopping with Pasal. We have received your order ${order.trackingId}.`,
      '',
      ...order.lines.map((line) => `- ${line.quantity} × ${line.title}: ${rupeesText(line.lineTotal)}`),
      '',
      `Subtotal: ${rupeesText(order.subtotal)}`,
      ...(order.discount > 0 ? [`Promo code ${order.voucherCode}: −${rupeesText(order.discount)}`] : []),
      `Delivery charge: ${rupeesText(order.deliveryCharge)}`,
      `Total: ${rupeesText(order.total)}`,
      '',
      `Payment: ${PAYMENT_LINES[order.paymentMethod]}`,
      `Delivery to: ${order.address.full_name}, ${order.address.location}, ${order.address.municipality}, ${order.address.district} (${order.address.phone})`,
      '',
      'You can follow or cancel your order under My Orders.',
    ].join('\n');
    return { channel: 'email', to: customer.email.toLowerCase(), subject, text };
  }
  if (customer?.phone) {
    const paid =
      order.paymentMethod === 'cash'
        ? 'cash on delivery'
        : `paying with ${order.paymentMethod === 'esewa' ? 'eSewa' : 'Khalti'}`;
    return {
      channel: 'sms',
      to: customer.phone,
      subject,
      text: `Pasal: your order ${order.trackingId} is confirmed. Total ${rupeesText(order.total)}, ${paid}. Thank you!`,
    };
  }
  return null;
}
