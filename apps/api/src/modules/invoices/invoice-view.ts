import { INVOICE_NOT_FOUND, type Invoice } from '@pasal/contract/invoices';
import { ORDER_NOT_FOUND } from '@pasal/contract/orders';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { orders } from '../../db/schema/orders';
import { NotFoundError } from '../../lib/errors';
import { toRupees } from '../../lib/money';
import { amountInNepaliWords, amountInWords } from './amount-in-words';
import { adIso, bsLabel } from './bikram-sambat';
import type { StoredLine, StoredSeller } from './issue-invoice';

type InvoiceRow = typeof invoices.$inferSelect;

/** "2083/84-17": the fiscal year and the number in its series. */
export function invoiceNumber(row: Pick<InvoiceRow, 'fiscalYear' | 'number'>): string {
  return `${row.fiscalYear}-${row.number}`;
}

/** An invoice as stored: money in integer paisa. The JSON, the PDF and the printable page show it. */
export interface InvoiceDocument {
  invoiceNumber: string;
  fiscalYear: string;
  number: number;
  orderId: number;
  trackingId: string;
  issuedAt: Date;
  dateBs: string;
  dateAd: string;
  seller: StoredSeller;
  buyer: { name: string; pan: string | null };
  lines: StoredLine[];
  subtotal: number;
  discount: number;
  deliveryCharge: number;
  taxable: number;
  exempt: number;
  vat: number;
  total: number;
  totalInWords: string;
  totalInNepaliWords: string;
  cancelledAt: Date | null;
}

export function invoiceDocument(row: InvoiceRow, trackingId: string): InvoiceDocument {
  return {
    invoiceNumber: invoiceNumber(row),
    fiscalYear: row.fiscalYear,
    number: row.number,
    orderId: row.orderId,
    trackingId,
    issuedAt: row.issuedAt,
    dateBs: bsLabel(row.issuedAt),
    dateAd: adIso(row.issuedAt),
    seller: row.seller as StoredSeller,
    buyer: { name: row.buyerName, pan: row.buyerPan },
    lines: row.lines as StoredLine[],
    subtotal: row.subtotal,
    discount: row.discount,
    deliveryCharge: row.deliveryCharge,
    taxable: row.taxable,
    exempt: row.exempt,
    vat: row.vat,
    total: row.total,
    totalInWords: amountInWords(row.total),
    totalInNepaliWords: amountInNepaliWords(row.total),
    cancelledAt: row.cancelledAt,
  };
}

/** The API's view: rupees (decimal numbers of exactly 2 places, from paisa). */
export function toInvoice(doc: InvoiceDocument): Invoice {
  return {
    invoice_number: doc.invoiceNumber,
    fiscal_year: doc.fiscalYear,
    number: doc.number,
    order_id: doc.orderId,
    tracking_id: doc.trackingId,
    issued_at: doc.issuedAt.toISOString(),
    date_bs: doc.dateBs,
    date_ad: doc.dateAd,
    seller: { legal_name: doc.seller.legalName, address: doc.seller.address, pan: doc.seller.pan },
    buyer: doc.buyer,
    lines: doc.lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      rate: toRupees(line.rate),
      amount: toRupees(line.amount),
      tax_class: line.taxClass,
      discount: toRupees(line.discount),
    })),
    subtotal: toRupees(doc.subtotal),
    discount: toRupees(doc.discount),
    delivery_charge: toRupees(doc.deliveryCharge),
    taxable_amount: toRupees(doc.taxable),
    exempt_amount: toRupees(doc.exempt),
    vat: toRupees(doc.vat),
    total: toRupees(doc.total),
    total_in_words: doc.totalInWords,
    total_in_words_ne: doc.totalInNepaliWords,
    cancelled: doc.cancelledAt !== null,
    cancelled_at: doc.cancelledAt?.toISOString() ?? null,
  };
}

/**
 * The order's invoice; with `userId`, only when the order is that customer's (anyone else's is the
 * same 404 as an order that does not exist).
 */
export async function loadInvoice(db: DbOrTx, orderId: number, userId?: number): Promise<InvoiceDocument> {
  const [order] = await db
    .select({ trackingId: orders.trackingId })
    .from(orders)
    .where(
      userId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, userId)),
    );
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!row) throw new NotFoundError(INVOICE_NOT_FOUND);
  return invoiceDocument(row, order.trackingId);
}
