import i18next from 'i18next';
import { formatCount } from './digits';
import type { Language } from './language';
import { en } from './messages-en';
import { ne } from './messages-ne';

/**
 * i18next with both catalogues, loaded on demand as one chunk (decision 043): the first shopper
 * who chooses Nepali, or arrives with it chosen, downloads it; English shoppers never need it.
 */
export function createEngine() {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en }, ne: { translation: ne } },
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false }, // React escapes
  });
  // {{count, n}}: a number inside a sentence, with the language's digits and Indian grouping.
  instance.services.formatter?.add('n', (value, lng) => formatCount(value, lng ?? 'en'));
  // A text without options is the same every time until the language changes: i18next resolves
  // each call afresh (some 10–20 µs), and a page of cards asks for hundreds of them per render.
  const plain = new Map<string, string>();
  return {
    t: (key: string, options?: Record<string, unknown>) => {
      if (options) return instance.t(key, options) as string;
      let text = plain.get(key);
      if (text === undefined) {
        text = instance.t(key) as string;
        plain.set(key, text);
      }
      return text;
    },
    changeLanguage: async (language: Language) => {
      plain.clear();
      await instance.changeLanguage(language);
      plain.clear();
    },
  };
}
