import { onlyInStockOf } from '@pasal/contract/checkout';
import { buyAgainMessage } from '@pasal/contract/orders';
import { VOUCHER_MESSAGES } from '@pasal/contract/shop-texts';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from './i18n';
import { translateText } from './server-texts';

afterEach(() => applyLanguage('en'));

describe('what the API says, as the storefront shows it', () => {
  it('in English: exactly what the API wrote ("1 item", not the key\'s "1 items")', () => {
    expect(translateText(buyAgainMessage(1, 0))).toBe('Added 1 item to your cart.');
    expect(translateText(buyAgainMessage(2, 1))).toBe('Added 2 items to your cart; 1 could not be added.');
    expect(translateText('Rice 5 kg is out of stock.')).toBe('Rice 5 kg is out of stock.');
  });

  it('in Nepali: Buy again and its reasons, numbers in Devanagari, the product named as sold', async () => {
    await applyLanguage('ne');
    expect(translateText(buyAgainMessage(1, 0))).toBe('कार्टमा १ वटा सामान थपियो।');
    expect(translateText(buyAgainMessage(3, 2))).toBe('कार्टमा ३ वटा सामान थपियो; २ वटा थप्न सकिएन।');
    expect(translateText(buyAgainMessage(0, 2))).toBe('यो अर्डरको कुनै पनि सामान कार्टमा थप्न सकिएन।');
    expect(translateText('Rice 5 kg is out of stock.')).toBe('Rice 5 kg स्टकमा छैन।');
    expect(translateText('Ghee 1 L is no longer available.')).toBe('Ghee 1 L अब बिक्रीमा छैन।');
    expect(translateText('Only 4 items available in stock')).toBe('स्टकमा ४ वटा मात्र बाँकी छन्');
  });

  it('in Nepali: why a wallet payment did not start, the wallet named as it is', async () => {
    await applyLanguage('ne');
    expect(
      translateText('Khalti could not be reached. Please try again or choose another payment method.'),
    ).toBe('Khalti सँग सम्पर्क हुन सकेन। कृपया फेरि प्रयास गर्नुहोस् वा भुक्तानीको अर्को तरिका छान्नुहोस्।');
    expect(translateText('eSewa refused this payment. Please choose another payment method.')).toBe(
      'eSewa ले यो भुक्तानी अस्वीकार गर्‍यो। कृपया भुक्तानीको अर्को तरिका छान्नुहोस्।',
    );
    expect(translateText('This order has nothing to pay online. Please choose Cash on Delivery.')).toBe(
      'यो अर्डरमा अनलाइन तिर्नुपर्ने रकम छैन। कृपया सामान आएपछि नगद भुक्तानी छान्नुहोस्।',
    );
  });

  it('in Nepali: a promo minimum as the shop writes money (paisa with two digits, rupees grouped)', async () => {
    await applyLanguage('ne');
    expect(translateText(VOUCHER_MESSAGES.below_minimum(49950))).toBe(
      'यो प्रोमो कोड लगाउन कम्तीमा रु ४९९.५० को अर्डर चाहिन्छ।',
    );
    expect(translateText(VOUCHER_MESSAGES.below_minimum(150000))).toBe(
      'यो प्रोमो कोड लगाउन कम्तीमा रु १,५०० को अर्डर चाहिन्छ।',
    );
  });

  it('in Nepali: answers with a number or a name in them', async () => {
    await applyLanguage('ne');
    expect(translateText('Please wait 42 seconds before requesting another OTP.')).toBe(
      'अर्को OTP माग्न कृपया ४२ सेकेन्ड पर्खनुहोस्।',
    );
    expect(translateText('You can keep at most 20 addresses. Delete one to add another.')).toBe(
      'तपाईं बढीमा २० वटा ठेगाना राख्न सक्नुहुन्छ। नयाँ थप्न कुनै एउटा हटाउनुहोस्।',
    );
    expect(translateText('eSewa is not available. Please choose another payment method.')).toBe(
      'eSewa अहिले उपलब्ध छैन। कृपया भुक्तानीको अर्को तरिका छान्नुहोस्।',
    );
    expect(translateText('Product 12 was not found.')).toBe('यो सामान भेटिएन।');
  });

  it("in Nepali: checkout's answer naming the product before a known refusal", async () => {
    await applyLanguage('ne');
    expect(translateText(onlyInStockOf('Rice 5 kg', 4))).toBe('Rice 5 kg: स्टकमा ४ वटा मात्र बाँकी छन्');
    // A text that merely has a colon in it stays as it is when its end is not a known answer.
    expect(translateText('Note: call before coming')).toBe('Note: call before coming');
  });
});
