import { buyAgainMessage } from '@pasal/contract/orders';
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
});
