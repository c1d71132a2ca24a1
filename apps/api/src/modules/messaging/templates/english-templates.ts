import type { MessageTemplates } from './message-templates';

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

function codeMessage(what: string, code: string) {
  return {
    subject: `Your Pasal ${what}`,
    text: `Your Pasal ${what} is ${code}. It expires in 10 minutes. Do not share it with anyone.`,
  };
}

/** English: GSM-7, so an SMS of up to 160 characters is one part. */
export const englishTemplates: MessageTemplates = {
  verificationCode: (code) => codeMessage('verification code', code),
  resetCode: (code) => codeMessage('password reset code', code),

  orderConfirmedEmail: (firstName, order) => ({
    subject: `Your Pasal order ${order.trackingId} is confirmed`,
    text: [
      `Namaste ${firstName || 'there'},`,
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
    ].join('\n'),
  }),

  orderConfirmedSms: (order) => {
    const paid =
      order.paymentMethod === 'cash'
        ? 'cash on delivery'
        : `paying with ${order.paymentMethod === 'esewa' ? 'eSewa' : 'Khalti'}`;
    return {
      subject: `Your Pasal order ${order.trackingId} is confirmed`,
      text: `Pasal: your order ${order.trackingId} is confirmed. Total ${rupeesText(order.total)}, ${paid}. Thank you!`,
    };
  },

  backInStockEmail: (firstName, product) => ({
    subject: `${product.title} is back in stock at Pasal`,
    text: [
      `Namaste ${firstName || 'there'},`,
      '',
      `Good news: ${product.title} is back in stock. You asked us to tell you.`,
      `Order it here while it lasts: ${product.url}`,
      '',
      'This was a one-time notice: ask again on the product page if it runs out another time.',
    ].join('\n'),
  }),

  backInStockSms: (product) => ({
    subject: `${product.title} is back in stock at Pasal`,
    text: `Pasal: ${product.title} is back in stock. Order it while it lasts: ${product.url}`,
  }),
};
