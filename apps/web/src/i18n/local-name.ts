import { currentLanguage } from './i18n';

export interface LocalName {
  text: string;
  /** Set when the name is not in the page's language (it fell back to the other one). */
  lang?: 'en' | 'ne';
}

/** A name in the shopper's language, else in the other (product, category and place names). */
export function localName(english: string | null | undefined, nepali: string | null | undefined): LocalName {
  const nepaliPage = currentLanguage() === 'ne';
  const first = nepaliPage ? nepali : english;
  if (first) return { text: first };
  const second = nepaliPage ? english : nepali;
  return second ? { text: second, lang: nepaliPage ? 'en' : 'ne' } : { text: '' };
}

/** The name in the language the page is not in, for a second line: { text, lang } or null. */
export function otherName(
  english: string | null | undefined,
  nepali: string | null | undefined,
): Required<LocalName> | null {
  const nepaliPage = currentLanguage() === 'ne';
  const shown = localName(english, nepali).text;
  const other = nepaliPage ? english : nepali;
  return other && other !== shown ? { text: other, lang: nepaliPage ? 'en' : 'ne' } : null;
}
