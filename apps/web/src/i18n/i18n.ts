import { formatCount } from './digits';
import { type Language, rememberLanguage } from './language';
import { en } from './messages-en';

/**
 * The storefront's texts (decision 043). Keys are the English texts themselves, so the source reads
 * as the shop speaks and the spec's texts stay in it verbatim; the English catalogue holds only
 * what differs from its key (plural forms). Messages use i18next's format: {{name}}, {{count, n}}
 * (a number with the language's digits and Indian grouping) and plural keys (`_one`, `_other`).
 *
 * i18next (16 kB gzipped) is not part of the first load: it comes on demand, with the Nepali
 * catalogue, in the engine chunk (./engine.ts). Until then English, which is its own keys, is
 * written by `english` below: the same format for the one language whose texts need no
 * catalogue (a test holds the two to the same output for every English message).
 */

type Options = Record<string, unknown>;
type Translate = (key: string, options?: Options) => string;

let engine: { t: Translate; changeLanguage(language: Language): Promise<unknown> } | null = null;
let language: Language = 'en';
let version = 0;
const listeners = new Set<() => void>();

/** English without the engine: the plural form by English's rule, then the placeholders. */
export function english(key: string, options?: Options): string {
  const count = options?.count;
  const form = typeof count === 'number' ? en[`${key}_${count === 1 ? 'one' : 'other'}`] : undefined;
  const text = form ?? en[key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (whole, name: string, format?: string) => {
    if (!options || !(name in options)) return whole;
    const value = options[name];
    return format === 'n' ? formatCount(value, 'en') : String(value);
  });
}

/** Translates outside React (toasts, validation); components use useTranslation to re-render. */
export const t: Translate = (key, options) => (engine ? engine.t(key, options) : english(key, options));

/**
 * Marks a text for the catalogue where it is written down ahead of time (a constant, a table) and
 * translated later with t(); the catalogue test finds these as it finds the texts given to t().
 */
export const msg = <T extends string>(text: T): T => text;

export const currentLanguage = (): Language => language;

/** For useTranslation: a number that changes whenever the language does. */
export const languageVersion = () => version;
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads what the language needs (Nepali: the engine and its messages), switches, marks <html lang>. */
export async function applyLanguage(next: Language): Promise<void> {
  if (next === 'ne' && !engine) {
    const { createEngine } = await import('./engine');
    engine = createEngine();
  }
  await engine?.changeLanguage(next);
  language = next;
  document.documentElement.lang = next;
  version += 1;
  for (const listener of listeners) listener();
}

/** The customer's choice from the switch: applied and remembered on this device. */
export async function chooseLanguage(next: Language): Promise<void> {
  rememberLanguage(next);
  await applyLanguage(next);
}
