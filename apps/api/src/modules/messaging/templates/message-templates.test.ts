import { NOT_DELIVERED_REASONS } from '@pasal/contract/not-delivered-reasons';
import { describe, expect, test } from 'vitest';
import { smsSegments } from '../sms-segments';
import { englishTemplates } from './english-templates';
import {
  type ConfirmedOrder,
  type MessageTemplates,
  type OrderStep,
  type RestockedProduct,
  templatesFor,
} from './message-templates';
import { NOT_DELIVERED_NE, nepaliTemplates } from './nepali-templates';

const order: ConfirmedOrder = {
  trackingId: 'PSLABCDEFGHJK',
  lines: [
    {
      title: 'Jeera Masino Rice 5 kg',
      nepaliTitle: 'जीरा मसिनो चामल ५ केजी',
      quantity: 2,
      lineTotal: 3_600_000,
    },
    { title: 'Mustard Oil 1 L', nepaliTitle: '', quantity: 1, lineTotal: 10_000 },
  ],
  subtotal: 3_610_000,
  discount: 50_000,
  voucherCode: 'DASHAIN',
  deliveryCharge: 5_000,
  total: 3_565_000,
  paymentMethod: 'cash',
  address: {
    full_name: 'Sita Sharma',
    phone: '9841000000',
    location: 'Baneshwor',
    municipality: 'Kathmandu',
    district: 'Kathmandu',
    municipalityNe: 'काठमाडौं',
    districtNe: 'काठमाडौं',
  },
};

const restocked: RestockedProduct = {
  title: 'Wai Wai Noodles',
  nepaliTitle: 'वाइवाइ चाउचाउ',
  url: 'https://pasal.example/detail/wai-wai-noodles',
};

/** Every template with sample arguments, so a template missing in one language fails here. */
function allMessages(templates: MessageTemplates) {
  return {
    verificationCode: templates.verificationCode('123456'),
    resetCode: templates.resetCode('123456'),
    orderConfirmedEmail: templates.orderConfirmedEmail('Sita', order),
    orderConfirmedSms: templates.orderConfirmedSms(order),
    backInStockEmail: templates.backInStockEmail('Sita', restocked),
    backInStockSms: templates.backInStockSms(restocked),
    orderStepEmail: templates.orderStepEmail('Sita', 'PSLABCDEFGHJK', { step: 'packed' }),
    orderStepSms: templates.orderStepSms('PSLABCDEFGHJK', { step: 'packed' }),
  } satisfies Record<keyof MessageTemplates, unknown>;
}

describe('message templates', () => {
  test('every template exists in both languages, with words in each', () => {
    expect(Object.keys(nepaliTemplates).sort()).toEqual(Object.keys(englishTemplates).sort());
    const english = allMessages(englishTemplates);
    const nepali = allMessages(nepaliTemplates);
    for (const name of Object.keys(englishTemplates) as (keyof MessageTemplates)[]) {
      expect(english[name].text, name).not.toBe('');
      expect(english[name].subject, name).not.toBe('');
      expect(nepali[name].text, name).toMatch(/[\u0900-\u097F]/);
      expect(nepali[name].subject, name).toMatch(/[\u0900-\u097F]/);
      expect(nepali[name].text, name).not.toBe(english[name].text);
    }
  });

  test('a code fits in one SMS in either language (70 Unicode characters in Nepali)', () => {
    for (const templates of [englishTemplates, nepaliTemplates]) {
      for (const message of [templates.verificationCode('123456'), templates.resetCode('123456')]) {
        expect(smsSegments(message.text).segments, message.text).toBe(1);
        // The code stays in Latin digits: what the OTP field takes and what the outbox masks.
        expect(message.text).toContain('123456');
      }
    }
    expect(smsSegments(nepaliTemplates.verificationCode('123456').text).encoding).toBe('ucs2');
  });

  test('an order SMS in Nepali takes at most two parts, even for the largest amount', () => {
    for (const paymentMethod of ['cash', 'esewa', 'khalti'] as const) {
      const text = nepaliTemplates.orderConfirmedSms({ ...order, paymentMethod, total: 2_147_483_647 }).text;
      expect(smsSegments(text).segments, text).toBeLessThanOrEqual(2);
    }
  });

  test('Nepali writes amounts and counts the Nepali way, and names in Nepali when it has them', () => {
    const { text } = nepaliTemplates.orderConfirmedEmail('Sita', order);
    expect(text).toContain('नमस्ते Sita,');
    expect(text).toContain('- २ × जीरा मसिनो चामल ५ केजी: रु ३६,०००.००');
    // No Nepali title: the English one.
    expect(text).toContain('- १ × Mustard Oil 1 L: रु १००.००');
    expect(text).toContain('प्रोमो कोड DASHAIN: −रु ५००.००');
    expect(text).toContain('जम्मा: रु ३५,६५०.००');
    expect(text).toContain('Baneshwor, काठमाडौं, काठमाडौं (9841000000)');
    expect(nepaliTemplates.orderConfirmedSms(order).text).toBe(
      'पसल: तपाईंको अर्डर PSLABCDEFGHJK पक्का भयो। जम्मा रु ३५,६५०.००, डेलिभरीमा नगद। धन्यवाद!',
    );
  });

  test('English stays as it was', () => {
    expect(englishTemplates.verificationCode('123456').text).toBe(
      'Your Pasal verification code is 123456. It expires in 10 minutes. Do not share it with anyone.',
    );
    expect(englishTemplates.orderConfirmedSms(order).text).toBe(
      'Pasal: your order PSLABCDEFGHJK is confirmed. Total Rs 35,650.00, cash on delivery. Thank you!',
    );
    expect(templatesFor(undefined)).toBe(englishTemplates);
    expect(templatesFor('ne')).toBe(nepaliTemplates);
  });

  test('a back-in-stock notice names the product in the language, with its page', () => {
    expect(nepaliTemplates.backInStockSms(restocked).text).toBe(
      'पसल: वाइवाइ चाउचाउ फेरि स्टकमा आयो। सकिनुअघि अर्डर गर्नुहोस्: https://pasal.example/detail/wai-wai-noodles',
    );
    expect(nepaliTemplates.backInStockSms({ ...restocked, nepaliTitle: '' }).text).toContain(
      'पसल: Wai Wai Noodles फेरि',
    );
    expect(englishTemplates.backInStockSms(restocked).text).toBe(
      'Pasal: Wai Wai Noodles is back in stock. Order it while it lasts: https://pasal.example/detail/wai-wai-noodles',
    );
  });
});

/** Every step at its longest: a rider with a long name, the largest cash amount, a long reason. */
const longestSteps: OrderStep[] = [
  { step: 'packed' },
  { step: 'out_for_delivery', rider: null, cashDue: null },
  {
    step: 'out_for_delivery',
    rider: { name: 'Ramchandra Bahadur', phone: '9841234567' },
    cashDue: 2_147_483_647,
  },
  { step: 'delivered' },
  { step: 'not_delivered', reason: 'Customer refused the order' },
  {
    step: 'cancelled',
    reason: 'A reason far longer than any SMS should carry, written by staff',
    refundDue: true,
  },
  { step: 'refunded', amount: 2_147_483_647, method: 'khalti' },
];

describe('order step messages', () => {
  test('each step is one SMS in English and at most two parts in Nepali, even at its longest', () => {
    for (const step of longestSteps) {
      const english = englishTemplates.orderStepSms('PSLABCDEFGHJK', step).text;
      expect(smsSegments(english), english).toEqual({ encoding: 'gsm7', segments: 1 });
      const nepali = nepaliTemplates.orderStepSms('PSLABCDEFGHJK', step).text;
      expect(smsSegments(nepali).segments, nepali).toBeLessThanOrEqual(2);
    }
  });

  test('out for delivery names the rider and the cash to keep ready, in either language', () => {
    const step: OrderStep = {
      step: 'out_for_delivery',
      rider: { name: 'Hari Thapa', phone: '9801234567' },
      cashDue: 161_000,
    };
    expect(englishTemplates.orderStepSms('PSLABCDEFGHJK', step).text).toBe(
      'Pasal: Your order PSLABCDEFGHJK is out for delivery with Hari Thapa (9801234567). Please keep Rs 1,610.00 ready.',
    );
    expect(nepaliTemplates.orderStepSms('PSLABCDEFGHJK', step).text).toBe(
      'पसल: तपाईंको अर्डर PSLABCDEFGHJK डेलिभरीका लागि निस्कियो। ल्याउने: Hari Thapa (9801234567)। रु १,६१०.०० तयार राख्नुहोला।',
    );
    expect(englishTemplates.orderStepSms('PSLABCDEFGHJK', { ...step, rider: null, cashDue: null }).text).toBe(
      'Pasal: Your order PSLABCDEFGHJK is out for delivery.',
    );
  });

  test('an SMS cuts a long reason; the e-mail keeps it whole', () => {
    const reason = 'Nobody answered the phone at the address and the gate was locked';
    const step: OrderStep = { step: 'cancelled', reason, refundDue: false };
    const sms = englishTemplates.orderStepSms('PSLABCDEFGHJK', step).text;
    expect(sms).toContain('(Nobody answered the phone at the addr...)');
    expect(englishTemplates.orderStepEmail('Sita', 'PSLABCDEFGHJK', step).text).toContain(`(${reason})`);
  });

  test("could not deliver names the rider's reason in the customer's language", () => {
    const step: OrderStep = { step: 'not_delivered', reason: 'Customer not at home' };
    expect(englishTemplates.orderStepSms('PSLABCDEFGHJK', step).text).toBe(
      'Pasal: We could not deliver your order PSLABCDEFGHJK (Customer not at home). We will contact you to try again.',
    );
    expect(nepaliTemplates.orderStepSms('PSLABCDEFGHJK', step).text).toBe(
      'पसल: तपाईंको अर्डर PSLABCDEFGHJK डेलिभर गर्न सकिएन (ग्राहक घरमा हुनुहुन्नथ्यो)। फेरि पठाउन हामी सम्पर्क गर्नेछौं।',
    );
    for (const reason of NOT_DELIVERED_REASONS) {
      const text = nepaliTemplates.orderStepEmail('सीता', 'X', { step: 'not_delivered', reason }).text;
      expect(text).toContain(`(${NOT_DELIVERED_NE[reason]})`);
      expect(text).not.toMatch(/[A-Za-z]{3}/);
    }
  });

  test('the optional steps tell how to turn them off; a cancellation and a refund do not', () => {
    const note = 'You can turn off these delivery updates in your profile.';
    expect(englishTemplates.orderStepEmail('Sita', 'X', { step: 'delivered' }).text).toContain(note);
    const cancelled: OrderStep = { step: 'cancelled', reason: 'Out of stock', refundDue: false };
    expect(englishTemplates.orderStepEmail('Sita', 'X', cancelled).text).not.toContain(note);
    expect(nepaliTemplates.orderStepEmail('सीता', 'X', { step: 'delivered' }).text).toContain(
      'प्रोफाइलबाट बन्द',
    );
  });

  test('a refund names the amount and where it went, Nepali digits in Nepali', () => {
    const step: OrderStep = { step: 'refunded', amount: 161_000, method: 'esewa' };
    expect(englishTemplates.orderStepSms('PSLABCDEFGHJK', step).text).toBe(
      'Pasal: Rs 1,610.00 for your order PSLABCDEFGHJK has been refunded to your eSewa account.',
    );
    expect(nepaliTemplates.orderStepSms('PSLABCDEFGHJK', step).text).toBe(
      'पसल: अर्डर PSLABCDEFGHJK को रु १,६१०.०० तपाईंको eSewa खातामा फिर्ता गरियो।',
    );
  });
});
