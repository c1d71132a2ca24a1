import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, t } from './i18n';

describe('the translation engine', () => {
  afterEach(() => applyLanguage('en'));

  it('answers each text in the language chosen now, also after switching back and forth', async () => {
    await applyLanguage('ne');
    expect(t('Add To Cart')).toBe('कार्टमा हाल्नुहोस्');
    expect(t('Add To Cart')).toBe('कार्टमा हाल्नुहोस्');
    await applyLanguage('en');
    expect(t('Add To Cart')).toBe('Add To Cart');
    await applyLanguage('ne');
    expect(t('Add To Cart')).toBe('कार्टमा हाल्नुहोस्');
  });
});
