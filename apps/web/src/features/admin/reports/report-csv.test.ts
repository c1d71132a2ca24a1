import { describe, expect, it } from 'vitest';
import { toCsv } from './report-csv';

describe('toCsv', () => {
  it('starts with a byte order mark, quotes what needs it, keeps Nepali text, ends lines with CRLF', () => {
    const text = toCsv(
      ['Reason', 'Orders'],
      [
        ['Changed my mind, sorry', 2],
        ['He said "later"', 1],
        ['मन फेरियो', 1],
      ],
    );
    expect(text).toBe(
      '\uFEFFReason,Orders\r\n"Changed my mind, sorry",2\r\n"He said ""later""",1\r\nमन फेरियो,1\r\n',
    );
  });

  it('a customer’s text that a spreadsheet would run as a formula is written as text', () => {
    expect(toCsv(['Reason'], [['=HYPERLINK("http://x")'], ['-1+2'], ['@SUM(A1)']])).toBe(
      '\uFEFFReason\r\n"\'=HYPERLINK(""http://x"")"\r\n\'-1+2\r\n\'@SUM(A1)\r\n',
    );
  });
});
