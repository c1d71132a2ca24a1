const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** Latin digits written as Devanagari ones (१२३); everything else unchanged. */
export function devanagariDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => DEVANAGARI_DIGITS[Number(digit)]);
}

/** Indian grouping: the last three digits, then pairs (12,34,567). */
function indianGrouping(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${digits.slice(-3)}`;
}

/**
 * The one way a Nepali message writes an amount: "रु १,२३,४५६.५०" from integer paisa, with
 * Indian grouping and Devanagari digits, without floating point.
 */
export function nepaliRupees(paisa: number): string {
  const sign = paisa < 0 ? '−' : '';
  const abs = Math.abs(paisa);
  const whole = indianGrouping(Math.trunc(abs / 100).toString());
  return `${sign}रु ${devanagariDigits(`${whole}.${String(abs % 100).padStart(2, '0')}`)}`;
}
