import { createRequire } from 'node:module';
import type { InvoiceDocument } from './invoice-view';

// The tax invoice as a PDF (pdfkit, decision 060). Its words are English; names and addresses
// written in Nepali (a buyer's name, a line's title) are drawn in Noto Sans Devanagari, which
// pdfkit embeds and shapes (fontkit's Indic shaper: conjuncts, matras), run by run beside the
// Helvetica text. Any other character outside Latin-1 is shown as "?".

const require = createRequire(import.meta.url);
const NEPALI_FONTS = {
  regular: require.resolve(
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
  ),
  bold: require.resolve(
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
  ),
};

const MARGIN = 48;
const WIDTH = 595.28 - MARGIN * 2;

/** Text the standard fonts can draw: Latin-1 kept, anything else "?". */
export function latinText(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}

// Devanagari letters, signs and digits, the danda, and the joiners that shape conjuncts.
const DEVANAGARI_RUN = /([\u0900-\u097f\u200c\u200d]+)/;

/** The text cut into runs of Devanagari and of everything else (spaces stay in the Latin runs). */
export function scriptRuns(text: string): { text: string; nepali: boolean }[] {
  return text
    .split(DEVANAGARI_RUN)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, nepali: DEVANAGARI_RUN.test(part) }));
}

/**
 * Writes the text at (x, y), or where the document is, each run in its own font: Helvetica for
 * Latin, Noto Sans Devanagari for Nepali.
 */
function write(
  doc: PDFKit.PDFDocument,
  text: string,
  bold: boolean,
  at?: { x: number; y: number },
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = scriptRuns(text);
  if (runs.length === 0) runs.push({ text: '', nepali: false });
  runs.forEach((run, i) => {
    const font = run.nepali ? (bold ? 'nepali-bold' : 'nepali') : bold ? 'Helvetica-Bold' : 'Helvetica';
    doc.font(font);
    const words = run.nepali ? run.text : latinText(run.text);
    const more = { ...options, continued: i < runs.length - 1 };
    if (i === 0 && at) doc.text(words, at.x, at.y, more);
    else doc.text(words, more);
  });
}

/** "1,23,456.50": integer paisa as rupees with the South Asian grouping, always two decimals. */
export function rupeesText(paisa: number): string {
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
  cells.forEach((cell, i) => {
    const column = COLUMNS[i];
    write(doc, cell, bold, { x, y }, { width: column.width - 4, align: column.align });
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

export async function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  // Loaded on the first invoice: pdfkit and its fonts hold some 30 MB that an idle shop does not need.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Tax invoice ${invoice.invoiceNumber}`, Author: latinText(invoice.seller.legalName) },
  });
  doc.registerFont('nepali', NEPALI_FONTS.regular);
  doc.registerFont('nepali-bold', NEPALI_FONTS.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(16);
  write(doc, invoice.seller.legalName, true, undefined, { align: 'center' });
  doc.fontSize(10);
  write(doc, invoice.seller.address, false, undefined, { align: 'center' });
  doc.font('Helvetica');
  doc.text(`PAN/VAT No.: ${latinText(invoice.seller.pan) || '-'}`, { align: 'center' });
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(13).text('TAX INVOICE', { align: 'center' });
  if (invoice.cancelledAt) {
    doc.fillColor('#b00020').text('CANCELLED', { align: 'center' }).fillColor('black');
  }
  doc.fontSize(10).moveDown(0.5);
  doc.font('Helvetica');
  doc.text(`Invoice No.: ${invoice.invoiceNumber}`);
  doc.text(`Date: ${invoice.dateBs} BS (${invoice.dateAd} AD)`);
  doc.text(`Order: ${invoice.trackingId}`);
  write(doc, `Buyer: ${invoice.buyer.name}`, false);
  doc.font('Helvetica');
  doc.text(`Buyer's PAN: ${invoice.buyer.pan ?? '-'}`);
  doc.moveDown(0.8);

  row(
    doc,
    COLUMNS.map((c) => c.label),
    true,
  );
  invoice.lines.forEach((line, i) => {
    const exempt = line.taxClass === 'exempt' ? ' (exempt)' : '';
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
  figure(doc, 'Delivery charge', rupeesText(invoice.deliveryCharge));
  figure(doc, 'Exempt amount', rupeesText(invoice.exempt));
  figure(doc, 'Taxable amount', rupeesText(invoice.taxable));
  figure(doc, 'VAT 13%', rupeesText(invoice.vat));
  figure(doc, 'Total', rupeesText(invoice.total), true);
  doc.moveDown(0.8);
  doc.font('Helvetica').text(`In words: ${invoice.totalInWords}`);
  write(doc, `अक्षरेपी: ${invoice.totalInNepaliWords}`, false);
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
