import { localDigits } from '../i18n/digits';
import { currentLanguage } from '../i18n/i18n';
// Money arrives and is shown in rupees (at most 2 decimals); sums, products and differences are
// taken in integer paisa so no floating point error creeps into a total.

export const toPaisa = (rupees: number) => Math.round(rupees * 100);
export const toRupees = (paisa: number) => paisa / 100;

/** Σ rate × quantity in paisa. */
export const linesTotalPaisa = (lines: { rate: number; quantity: number }[]) =>
  lines.reduce((sum, l) => sum + toPaisa(l.rate) * l.quantity, 0);

/**
 * An amount in rupees with Indian digit grouping ("12,34,567.5"), rounded to paisa, with two
 * decimals always or only when there are any: what `Intl.NumberFormat('en-IN')` writes, without
 * it, because a page's first Intl.NumberFormat takes about 10 ms loading locale data.
 */
function rupeeDigits(amount: number, decimals: 'always' | 'when-any'): string {
  if (!Number.isFinite(amount)) return String(amount);
  const paisa = toPaisa(Math.abs(amount));
  const whole = String(Math.floor(paisa / 100));
  const fraction = String(paisa % 100).padStart(2, '0');
  // The last three digits, then pairs: 1234567 -> 12,34,567.
  let grouped = whole.slice(-3);
  for (let end = whole.length - 3; end > 0; end -= 2) {
    grouped = `${whole.slice(Math.max(0, end - 2), end)},${grouped}`;
  }
  const shown =
    decimals === 'always' ? `.${fraction}` : fraction === '00' ? '' : `.${fraction.replace(/0$/, '')}`;
  return `${amount < 0 && paisa > 0 ? '-' : ''}${grouped}${shown}`;
}
const rupeesUpToTwo = (amount: number) => rupeeDigits(amount, 'when-any');
const rupeesTwo = (amount: number) => rupeeDigits(amount, 'always');

/**
 * In Nepali the amount is written रु with the same Indian grouping, in Devanagari digits
 * (रु १,६१०.००) unless the shop is built for Latin digits (src/i18n/digits.ts).
 */
const inLanguage = (english: string, digits: string) =>
  currentLanguage() === 'ne' ? `रु ${localDigits(digits, 'ne')}` : `${english} ${digits}`;

/** "Rs 1,23,456.5": prices on cards and the product page. */
export const formatRs = (amount: number) => inLanguage('Rs', rupeesUpToTwo(amount));
/** "Rs 1,23,456.50": checkout and console amounts, always 2 decimals (shopping.md §9). */
export const formatRs2 = (amount: number) => inLanguage('Rs', rupeesTwo(amount));
/** "Rs. 1,23,456.5": the product page's prices. */
export const formatRsDot = (amount: number) => inLanguage('Rs.', rupeesUpToTwo(amount));
/** "Rs. 1,23,456.50": the order pages' figures (shopping.md §9). */
export const formatRsDot2 = (amount: number) => inLanguage('Rs.', rupeesTwo(amount));
