/** One cell of a report's CSV: text or a number already formatted. */
export type CsvCell = string | number;

// A spreadsheet runs a cell that starts with one of these as a formula; cancellation reasons are
// typed by customers, so such text is written with a leading apostrophe (OWASP's CSV injection advice).
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file's text: UTF-8 byte order mark (spreadsheets then read Nepali right), CRLF lines. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Has the browser save `text` as `filename`. */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
