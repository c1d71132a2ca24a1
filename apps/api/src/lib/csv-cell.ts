// CSV cells the shop writes for spreadsheets (the catalogue export, the sales register) and reads
// back (the catalogue import).

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first),
 * and one that already starts with ' before such a character: that one gets a ' too, so that
 * reading drops exactly the one added and a text starting with ' comes back as it was.
 */
const DEFUSED = /^'*[=+\-@\t\r]/;

/** One CSV field: quoted when needed (RFC 4180); text a spreadsheet would run as a formula is defused with '. */
export function csvField(value: string): string {
  const safe = DEFUSED.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A cell as csvField wrote it, back to its text: the ' that defused a formula is dropped. */
export function cellText(cell: string): string {
  return cell.startsWith("'") && DEFUSED.test(cell.slice(1)) ? cell.slice(1) : cell;
}
