import { asc, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { csvField } from '../../lib/csv-cell';
import { adIso, bsLabel } from './bikram-sambat';
import { invoiceNumber } from './invoice-view';

// The sales register (sales book) for one Bikram Sambat month, as CSV for a spreadsheet: UTF-8
// with a byte-order mark (so Excel reads Nepali names), CRLF line ends, RFC 4180 quoting.

const HEADER = [
  'Invoice number',
  'Date (BS)',
  'Date (AD)',
  'Buyer',
  'Buyer PAN',
  'Taxable amount',
  'Exempt amount',
  'VAT',
  'Total',
  'Status',
];

/** Amounts as plain decimals ("1234.50"): a spreadsheet reads them as numbers. */
function amount(paisa: number): string {
  return `${Math.trunc(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`;
}

/**
 * The invoices issued in BS month `month` ("2083-08"), in number order. A cancelled invoice keeps
 * its figures as issued and says "Cancelled" (the register shows every number of the series).
 */
export async function salesRegisterCsv(db: DbOrTx, month: string): Promise<string> {
  const rows = await db
    .select()
    .from(invoices)
    .where(like(invoices.issuedBs, `${month}-%`))
    .orderBy(asc(invoices.fiscalYear), asc(invoices.number));
  const lines = [HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        invoiceNumber(row),
        bsLabel(row.issuedAt),
        adIso(row.issuedAt),
        row.buyerName,
        row.buyerPan ?? '',
        amount(row.taxable),
        amount(row.exempt),
        amount(row.vat),
        amount(row.total),
        row.cancelledAt ? 'Cancelled' : 'Issued',
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
