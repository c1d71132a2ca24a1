import type { Invoice } from '@pasal/contract/invoices';
import PDFDocument from 'pdfkit';

// The tax invoice as a PDF (pdfkit, decision 060). The standard Helvetica font has no Devanagari,
// and drawing Devanagari needs an embedded font with shaping: the PDF's text is English, and any
// character outside Latin-1 (a name written in Nepali) is shown as "?"; the printable page in the
// browser shows it as written.

const MARGIN = 48;
const WIDTH = 595.28 - MARGIN * 2;

/** Text the standard fonts can draw: Latin-1 kept, anything else "?". */
export function latinText(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}

/** "1,23,456.50": rupees with the South Asian grouping, always two decimals (from paisa, exactly). */
export function rupeesText(rupees: number): string {
  const paisa = Math.round(rupees * 100);
  const whole = new Intl.NumberFormat('en-IN').format(Math.trunc(paisa / 100));
  return `${whole}.${String(paisa % 100).padStart(2, '0')}`;
}

const COLUMNS = [
  { label: 'S.N.', width: 32, align: 'left' },
  { label: 'Particulars', width: WIDTH - 32 - 44 - 86 - 96, align: 'left' },
  { label: 'Qty', width: 44, align: 'right' },
  { label: 'Rate', width: 86, align: 'right' },
  { label: 'Amount', width: 96, align: 'right' },
] as const;

function row(doc: PDFKit.PDFDocument, cells: string[], bold = false): void {
  const y = doc.y;
  let x = MARGIN;
  let bottom = y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  cells.forEach((cell, i) => {
    const column = COLUMNS[i];
    doc.text(latinText(cell), x, y, { width: column.width - 4, align: column.align });
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  doc.x = MARGIN;
  doc.y = bottom + 4;
}

function figure(doc: PDFKit.PDFDocument, label: string, amount: string, bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  doc.text(label, MARGIN + WIDTH - 300, y, { width: 200, align: 'right' });
  doc.text(amount, MARGIN + WIDTH - 96, y, { width: 96, align: 'right' });
  doc.x = MARGIN;
}

export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Tax invoice ${invoice.invoice_number}`, Author: latinText(invoice.seller.legal_name) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text(latinText(invoice.seller.legal_name), { align: 'center' });
  doc.font('Helvetica').fontSize(10).text(latinText(invoice.seller.address), { align: 'center' });
  doc.text(`PAN/VAT No.: ${latinText(invoice.seller.pan) || '-'}`, { align: 'center' });
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(13).text('TAX INVOICE', { align: 'center' });
  if (invoice.cancelled) {
    doc.fillColor('#b00020').text('CANCELLED', { align: 'center' }).fillColor('black');
  }
  doc.fontSize(10).moveDown(0.5);
  doc.font('Helvetica');
  doc.text(`Invoice No.: ${invoice.invoice_number}`);
  doc.text(`Date: ${invoice.date_bs} BS (${invoice.date_ad} AD)`);
  doc.text(`Order: ${invoice.tracking_id}`);
  doc.text(`Buyer: ${latinText(invoice.buyer.name)}`);
  doc.text(`Buyer's PAN: ${invoice.buyer.pan ?? '-'}`);
  doc.moveDown(0.8);

  row(
    doc,
    COLUMNS.map((c) => c.label),
    true,
  );
  invoice.lines.forEach((line, i) => {
    const exempt = line.tax_class === 'exempt' ? ' (exempt)' : '';
    row(doc, [
      String(i + 1),
      `${line.title}${exempt}`,
      String(line.quantity),
      rupeesText(line.rate),
      rupeesText(line.amount),
    ]);
  });
  doc.moveDown(0.5);
  figure(doc, 'Subtotal', rupeesText(invoice.subtotal));
  figure(doc, 'Discount', `-${rupeesText(invoice.discount)}`);
  figure(doc, 'Delivery charge', rupeesText(invoice.delivery_charge));
  figure(doc, 'Exempt amount', rupeesText(invoice.exempt_amount));
  figure(doc, 'Taxable amount', rupeesText(invoice.taxable_amount));
  figure(doc, 'VAT 13%', rupeesText(invoice.vat));
  figure(doc, 'Total', rupeesText(invoice.total), true);
  doc.moveDown(0.8);
  doc.font('Helvetica').text(`In words: ${invoice.total_in_words}`);
  doc.moveDown(0.5);
  doc
    .fontSize(8)
    .text(
      'Prices include VAT. The discount is shared among the lines in proportion to their amounts; ' +
        'the delivery charge is taxable at 13%.',
    );
  doc.end();
  return done;
}
