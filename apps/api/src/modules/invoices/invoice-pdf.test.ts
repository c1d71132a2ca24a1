import { inflateSync } from 'node:zlib';
import type { Invoice } from '@pasal/contract/invoices';
import { describe, expect, test } from 'vitest';
import { invoicePdf, scriptRuns } from './invoice-pdf';

// The PDF draws names written in Nepali with an embedded Devanagari font (decision 060).

const invoice: Invoice = {
  invoice_number: '2083/84-7',
  fiscal_year: '2083/84',
  number: 7,
  order_id: 1,
  tracking_id: 'PSL000001',
  issued_at: '2026-11-26T05:00:00.000Z',
  date_bs: '2083 Mangsir 10',
  date_ad: '2026-11-26',
  seller: { legal_name: 'Pasal Pvt. Ltd.', address: 'काठमाडौं, Nepal', pan: '123456789' },
  buyer: { name: 'सीता थापा', pan: null },
  lines: [
    { title: 'Basmati Rice 5 kg', quantity: 1, rate: 1000, amount: 1000, tax_class: 'exempt', discount: 0 },
  ],
  subtotal: 1000,
  discount: 0,
  delivery_charge: 0,
  taxable_amount: 0,
  exempt_amount: 1000,
  vat: 0,
  total: 1000,
  total_in_words: 'Rupees one thousand only',
  cancelled: false,
  cancelled_at: null,
};

/** Every stream of the PDF, inflated (pdfkit compresses them). */
function streams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      out.push(inflateSync(Buffer.from(match[1] as string, 'latin1')).toString('latin1'));
    } catch {
      // A font program or an image: not text.
    }
  }
  return out.join('\n');
}

describe('the tax invoice PDF', () => {
  test('cuts text into Devanagari and Latin runs', () => {
    expect(scriptRuns('Buyer: सीता थापा')).toEqual([
      { text: 'Buyer: ', nepali: false },
      { text: 'सीता', nepali: true },
      { text: ' ', nepali: false },
      { text: 'थापा', nepali: true },
    ]);
  });

  test('a Nepali name is drawn in the embedded Devanagari font, not as question marks', async () => {
    const pdf = await invoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari/);
    // The font's map back to text names the letters of सीता (स U+0938, ी U+0940, त U+0924).
    const maps = streams(pdf);
    for (const letter of ['0938', '0940', '0924']) expect(maps.toLowerCase()).toContain(letter);
    expect(maps).not.toContain('Buyer: ????');
  });
});
