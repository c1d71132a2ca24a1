import { type MessageTemplates, type OrderStep, smsReason } from './message-templates';

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

const REFUNDED_TO = {
  cash: 'in cash',
  esewa: 'to your eSewa account',
  khalti: 'to your Khalti account',
} as const;

const STEP_SUBJECTS: Record<OrderStep['step'], string> = {
  packed: 'is packed',
  out_for_delivery: 'is out for delivery',
  delivered: 'has been delivered',
  not_delivered: 'could not be delivered',
  cancelled: 'has been cancelled',
  refunded: 'has been refunded',
};

/** The step in one sentence or two; `reason` is the reason as this channel carries it. */
function stepSentence(id: string, step: OrderStep, reason: (text: string) => string): string {
  switch (step.step) {
    case 'packed':
      return `Your order ${id} is packed and will be on its way soon.`;
    case 'out_for_delivery': {
      const rider = step.rider ? ` with ${step.rider.name} (${step.rider.phone})` : '';
      const cash = step.cashDue ? ` Please keep ${rupeesText(step.cashDue)} ready.` : '';
      return `Your order ${id} is out for delivery${rider}.${cash}`;
    }
    case 'delivered':
      return `Your order ${id} has been delivered. Thank you for shopping with us!`;
    case 'not_delivered':
      // The listed reasons are their own English (short enough for any SMS).
      return `We could not deliver your order ${id} (${step.reason}). We will contact you to try again.`;
    case 'cancelled': {
      const refund = step.refundDue ? ' The amount you paid will be refunded.' : '';
      return `Your order ${id} has been cancelled (${reason(step.reason)}).${refund}`;
    }
    case 'refunded':
      return `${rupeesText(step.amount)} for your order ${id} has been refunded ${REFUNDED_TO[step.method]}.`;
  }
}

/** Steps a customer may turn off (the profile's switch) say so in their e-mail. */
const OPTIONAL_NOTE = 'You can turn off these delivery updates in your profile.';

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

  orderStepEmail: (firstName, trackingId, step) => ({
    subject: `Your Pasal order ${trackingId} ${STEP_SUBJECTS[step.step]}`,
    text: [
      `Namaste ${firstName || 'there'},`,
      '',
      stepSentence(trackingId, step, (reason) => reason),
      '',
      'You can follow your order under My Orders.',
      ...(['cancelled', 'refunded'].includes(step.step) ? [] : [OPTIONAL_NOTE]),
    ].join('\n'),
  }),

  orderStepSms: (trackingId, step) => ({
    subject: `Your Pasal order ${trackingId} ${STEP_SUBJECTS[step.step]}`,
    text: `Pasal: ${stepSentence(trackingId, step, smsReason)}`,
  }),
};
