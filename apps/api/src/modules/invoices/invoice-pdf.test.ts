import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { invoicePdf, rupeesText, scriptRuns } from './invoice-pdf';
import type { InvoiceDocument } from './invoice-view';

// The PDF draws names written in Nepali with an embedded Devanagari font (decision 060).

const invoice: InvoiceDocument = {
  invoiceNumber: '2083/84-7',
  fiscalYear: '2083/84',
  number: 7,
  orderId: 1,
  trackingId: 'PSL000001',
  issuedAt: new Date('2026-11-26T05:00:00.000Z'),
  dateBs: '2083 Mangsir 10',
  dateAd: '2026-11-26',
  seller: { legalName: 'Pasal Pvt. Ltd.', address: 'काठमाडौं, Nepal', pan: '123456789' },
  buyer: { name: 'सीता थापा', pan: null },
  lines: [
    {
      title: 'Basmati Rice 5 kg',
      quantity: 1,
      rate: 100_000,
      amount: 100_000,
      taxClass: 'exempt',
      discount: 0,
    },
  ],
  subtotal: 100_000,
  discount: 0,
  deliveryCharge: 0,
  taxable: 0,
  exempt: 100_000,
  vat: 0,
  total: 100_000,
  totalInWords: 'Rupees One Thousand Only',
  totalInNepaliWords: 'रु. एक हजार मात्र',
  cancelledAt: null,
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

  test('amounts are integer paisa written as rupees, never through a float', () => {
    expect(rupeesText(0)).toBe('0.00');
    expect(rupeesText(5)).toBe('0.05');
    expect(rupeesText(12_34_56_789_55)).toBe('12,34,56,789.55');
    expect(rupeesText(Number.MAX_SAFE_INTEGER)).toBe('9,00,71,99,25,47,409.91');
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
