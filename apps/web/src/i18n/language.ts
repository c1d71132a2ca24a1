/** The storefront's languages; English is the source text and ships in the main bundle. */
export type Language = 'en' | 'ne';

export const LANGUAGES: readonly Language[] = ['en', 'ne'];

/** Where the device remembers the customer's choice (read before the first render). */
export const LANGUAGE_KEY = 'pasal-language';

const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'ne';

/**
 * The remembered choice, else the first of the browser's languages the shop speaks (a Nepali
 * browser asks for "ne" or "ne-NP"), else English.
 */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null; // storage refused (private mode): follow the browser
  }
}

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // The choice then lasts for this visit only.
  }
}

export const initialLanguage = (): Language =>
  detectLanguage(readStored(), typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));
