/**
 * Nepali mode writes numbers in Devanagari digits (१,६१०.००) unless the shop is built with
 * VITE_NEPALI_DIGITS=latin, its setting for Latin digits (1,610.00) in Nepali text.
 */
export const NEPALI_DIGITS: 'devanagari' | 'latin' =
  import.meta.env.VITE_NEPALI_DIGITS === 'latin' ? 'latin' : 'devanagari';

const DEVANAGARI = '०१२३४५६७८९';

/** Every ASCII digit of `text` as its Devanagari digit. */
export const devanagariDigits = (text: string) => text.replace(/[0-9]/g, (d) => DEVANAGARI[Number(d)]);

/** `text`'s digits as the language writes them. */
export const localDigits = (text: string, language: string) =>
  language === 'ne' && NEPALI_DIGITS === 'devanagari' ? devanagariDigits(text) : text;

/** An integer with Indian grouping (12,34,567), no Intl (its first use costs ~10 ms of locale data). */
export function groupIndian(whole: string): string {
  let grouped = whole.slice(-3);
  for (let end = whole.length - 3; end > 0; end -= 2) {
    grouped = `${whole.slice(Math.max(0, end - 2), end)},${grouped}`;
  }
  return grouped;
}

/** A count inside a sentence: "1,250" or "१,२५०". */
export function formatCount(value: unknown, language: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const [whole, fraction] = String(Math.abs(value)).split('.');
  return localDigits(`${sign}${groupIndian(whole)}${fraction ? `.${fraction}` : ''}`, language);
}
