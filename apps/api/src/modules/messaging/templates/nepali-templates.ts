import type { NotDeliveredReason } from '@pasal/contract/not-delivered-reasons';
import { CANCEL_REASONS_NE } from '@pasal/contract/staff-cancel-reasons';
import { type MessageTemplates, type OrderStep, smsReason } from './message-templates';
import { devanagariDigits, nepaliRupees } from './nepali-numbers';

// Nepali SMS is UCS-2: 70 characters make one SMS, 67 each part beyond. The codes stay in Latin
// digits (what the OTP field and phone keyboards take, and what the outbox masks); amounts and
// counts are written the Nepali way (docs/decisions/045).

const PAYMENT_LINES = {
  cash: 'डेलिभरीमा नगद: अर्डर आइपुग्दा रकम तयार राख्नुहोला।',
  esewa: 'eSewa: eSewa ले भुक्तानी पुष्टि गरेपछि तपाईंको अर्डर भुक्तानी भएको मानिन्छ।',
  khalti: 'Khalti: Khalti ले भुक्तानी पुष्टि गरेपछि तपाईंको अर्डर भुक्तानी भएको मानिन्छ।',
} as const;

const PAID_BY = { cash: 'डेलिभरीमा नगद', esewa: 'eSewa बाट भुक्तानी', khalti: 'Khalti बाट भुक्तानी' } as const;

const REFUNDED_TO = { cash: 'नगदमा', esewa: 'तपाईंको eSewa खातामा', khalti: 'तपाईंको Khalti खातामा' } as const;

const STEP_SUBJECTS: Record<OrderStep['step'], string> = {
  packed: 'प्याक भयो',
  out_for_delivery: 'डेलिभरीका लागि निस्कियो',
  delivered: 'डेलिभर भयो',
  not_delivered: 'डेलिभर गर्न सकिएन',
  cancelled: 'रद्द भयो',
  refunded: 'को रकम फिर्ता भयो',
};

/**
 * Why a delivery failed, as the customer reads it: the same words as the storefront's order page
 * (apps/web/src/i18n/messages-ne.ts), each short enough for the two-part SMS.
 */
export const NOT_DELIVERED_NE: Record<NotDeliveredReason, string> = {
  'Customer not reachable': 'ग्राहकसँग सम्पर्क हुन सकेन',
  'Customer not at home': 'ग्राहक घरमा हुनुहुन्नथ्यो',
  'Address not found': 'ठेगाना भेटिएन',
  'Customer refused the order': 'ग्राहकले अर्डर लिन अस्वीकार गर्नुभयो',
  Other: 'अन्य',
};

/** The step in a sentence or two; phone numbers stay in Latin digits (what a phone dials). */
function stepSentence(id: string, step: OrderStep, reason: (text: string) => string): string {
  switch (step.step) {
    case 'packed':
      return `तपाईंको अर्डर ${id} प्याक भयो, छिट्टै पठाइनेछ।`;
    case 'out_for_delivery': {
      const rider = step.rider ? ` ल्याउने: ${step.rider.name} (${step.rider.phone})।` : '';
      const cash = step.cashDue ? ` ${nepaliRupees(step.cashDue)} तयार राख्नुहोला।` : '';
      return `तपाईंको अर्डर ${id} डेलिभरीका लागि निस्कियो।${rider}${cash}`;
    }
    case 'delivered':
      return `तपाईंको अर्डर ${id} डेलिभर भयो। धन्यवाद!`;
    case 'not_delivered':
      return `तपाईंको अर्डर ${id} डेलिभर गर्न सकिएन (${NOT_DELIVERED_NE[step.reason]})। फेरि पठाउन हामी सम्पर्क गर्नेछौं।`;
    case 'cancelled': {
      const refund = step.refundDue ? ' तिर्नुभएको रकम फिर्ता गरिनेछ।' : '';
      // A reason from the console's list or the shop's own in Nepali; one staff typed, as typed.
      const why = step.cancelReason ? CANCEL_REASONS_NE[step.cancelReason] : step.reason;
      return `तपाईंको अर्डर ${id} रद्द भयो (${reason(why)})।${refund}`;
    }
    case 'refunded':
      return `अर्डर ${id} को ${nepaliRupees(step.amount)} ${REFUNDED_TO[step.method]} फिर्ता गरियो।`;
  }
}

const OPTIONAL_NOTE = 'यी डेलिभरी सूचनाहरू तपाईं प्रोफाइलबाट बन्द गर्न सक्नुहुन्छ।';

/** Nepali: each SMS here fits in one part for a code (70 characters), two for an order. */
export const nepaliTemplates: MessageTemplates = {
  verificationCode: (code) => ({
    subject: 'पसल प्रमाणीकरण कोड',
    text: `पसल: प्रमाणीकरण कोड ${code} हो। १० मिनेटसम्म मान्य। कसैलाई नदिनुहोस्।`,
  }),
  resetCode: (code) => ({
    subject: 'पसल पासवर्ड रिसेट कोड',
    text: `पसल: पासवर्ड रिसेट कोड ${code}। १० मिनेटसम्म मान्य। कसैलाई नदिनुहोस्।`,
  }),

  orderConfirmedEmail: (firstName, order) => {
    const { address } = order;
    return {
      subject: `तपाईंको पसल अर्डर ${order.trackingId} पक्का भयो`,
      text: [
        firstName ? `नमस्ते ${firstName},` : 'नमस्ते,',
        '',
        `पसलमा किनमेल गर्नुभएकोमा धन्यवाद। तपाईंको अर्डर ${order.trackingId} हामीले पायौं।`,
        '',
        ...order.lines.map(
          (line) =>
            `- ${devanagariDigits(String(line.quantity))} × ${line.nepaliTitle || line.title}: ${nepaliRupees(line.lineTotal)}`,
        ),
        '',
        `उपजम्मा: ${nepaliRupees(order.subtotal)}`,
        ...(order.discount > 0 ? [`प्रोमो कोड ${order.voucherCode}: −${nepaliRupees(order.discount)}`] : []),
        `डेलिभरी शुल्क: ${nepaliRupees(order.deliveryCharge)}`,
        `जम्मा: ${nepaliRupees(order.total)}`,
        '',
        `भुक्तानी: ${PAYMENT_LINES[order.paymentMethod]}`,
        `डेलिभरी ठेगाना: ${address.full_name}, ${address.location}, ${address.municipalityNe || address.municipality}, ${address.districtNe || address.district} (${address.phone})`,
        '',
        'मेरो अर्डरहरूमा गएर तपाईं आफ्नो अर्डर हेर्न वा रद्द गर्न सक्नुहुन्छ।',
      ].join('\n'),
    };
  },

  orderConfirmedSms: (order) => ({
    subject: `तपाईंको पसल अर्डर ${order.trackingId} पक्का भयो`,
    text: `पसल: तपाईंको अर्डर ${order.trackingId} पक्का भयो। जम्मा ${nepaliRupees(order.total)}, ${PAID_BY[order.paymentMethod]}। धन्यवाद!`,
  }),

  backInStockEmail: (firstName, product) => {
    const title = product.nepaliTitle || product.title;
    return {
      subject: `${title} पसलमा फेरि उपलब्ध छ`,
      text: [
        firstName ? `नमस्ते ${firstName},` : 'नमस्ते,',
        '',
        `खुसीको खबर: ${title} फेरि स्टकमा आएको छ। तपाईंले हामीलाई खबर गर्न भन्नुभएको थियो।`,
        `सकिनुअघि यहाँ अर्डर गर्नुहोस्: ${product.url}`,
        '',
        'यो एक पटकको सूचना हो: फेरि सकिएमा उत्पादनको पेजमा फेरि अनुरोध गर्नुहोस्।',
      ].join('\n'),
    };
  },

  backInStockSms: (product) => {
    const title = product.nepaliTitle || product.title;
    return {
      subject: `${title} पसलमा फेरि उपलब्ध छ`,
      text: `पसल: ${title} फेरि स्टकमा आयो। सकिनुअघि अर्डर गर्नुहोस्: ${product.url}`,
    };
  },

  orderStepEmail: (firstName, trackingId, step) => ({
    subject: `तपाईंको पसल अर्डर ${trackingId} ${STEP_SUBJECTS[step.step]}`,
    text: [
      firstName ? `नमस्ते ${firstName},` : 'नमस्ते,',
      '',
      stepSentence(trackingId, step, (reason) => reason),
      '',
      'मेरो अर्डरहरूमा गएर तपाईं आफ्नो अर्डर हेर्न सक्नुहुन्छ।',
      ...(['cancelled', 'refunded'].includes(step.step) ? [] : [OPTIONAL_NOTE]),
    ].join('\n'),
  }),

  orderStepSms: (trackingId, step) => ({
    subject: `तपाईंको पसल अर्डर ${trackingId} ${STEP_SUBJECTS[step.step]}`,
    text: `पसल: ${stepSentence(trackingId, step, smsReason)}`,
  }),
};
