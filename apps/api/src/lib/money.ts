// Prices are kept in integer paisa; the API speaks rupees with at most 2 decimals.
export function toRupees(paisa: number): number {
  return Math.round(paisa) / 100;
}

export function toPaisa(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * Integer paisa as a rupee amount text for a provider ("100", "123.45", "123.40"), by integer
 * arithmetic only.
 */
export function formatRupeesText(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new RangeError(`not an amount in paisa: ${paisa}`);
  const rupees = Math.trunc(paisa / 100);
  const rest = paisa % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

/**
 * A rupee amount written by a provider ("1,000.0", "123.45", "100") as integer paisa, read as text
 * so no floating point is involved; null for anything else (a third decimal that is not 0, signs,
 * exponents, empty).
 */
export function parseRupeesText(text: string): number | null {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1].replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (/[^0]/.test(fraction.slice(2))) return null;
  const paisa = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return Number.isSafeInteger(paisa) ? paisa : null;
}

/**
 * A rupee amount a provider sent as a JSON number. JSON.parse gives the nearest double; its
 * shortest decimal form (String) is the literal that was sent for any amount with at most 15
 * significant digits, so reading that text is exact.
 */
export function parseRupeesNumber(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const text = String(value);
  return /e/i.test(text) ? null : parseRupeesText(text);
}
