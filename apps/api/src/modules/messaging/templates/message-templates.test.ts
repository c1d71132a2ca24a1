import { describe, expect, test } from 'vitest';
import { smsSegments } from '../sms-segments';
import { englishTemplates } from './english-templates';
import {
  type ConfirmedOrder,
  type MessageTemplates,
  type RestockedProduct,
  templatesFor,
} from './message-templates';
import { nepaliTemplates } from './nepali-templates';

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
