import { INVOICE_NOT_FOUND, type Invoice } from '@pasal/contract/invoices';
import { ORDER_NOT_FOUND } from '@pasal/contract/orders';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { orders } from '../../db/schema/orders';
import { NotFoundError } from '../../lib/errors';
import { toRupees } from '../../lib/money';
import { amountInWords } from './amount-in-words';
import { adIso, bsLabel } from './bikram-sambat';
import type { StoredLine, StoredSeller } from './issue-invoice';

type InvoiceRow = typeof invoices.$inferSelect;

/** "2083/84-17": the fiscal year and the number in its series. */
export function invoiceNumber(row: Pick<InvoiceRow, 'fiscalYear' | 'number'>): string {
  return `${row.fiscalYear}-${row.number}`;
}

export function toInvoice(row: InvoiceRow, trackingId: string): Invoice {
  const seller = row.seller as StoredSeller;
  return {
    invoice_number: invoiceNumber(row),
    fiscal_year: row.fiscalYear,
    number: row.number,
    order_id: row.orderId,
    tracking_id: trackingId,
    issued_at: row.issuedAt.toISOString(),
    date_bs: bsLabel(row.issuedAt),
    date_ad: adIso(row.issuedAt),
    seller: { legal_name: seller.legalName, address: seller.address, pan: seller.pan },
    buyer: { name: row.buyerName, pan: row.buyerPan },
    lines: (row.lines as StoredLine[]).map((line) => ({
      title: line.title,
      quantity: line.quantity,
      rate: toRupees(line.rate),
      amount: toRupees(line.amount),
      tax_class: line.taxClass,
      discount: toRupees(line.discount),
    })),
    subtotal: toRupees(row.subtotal),
    discount: toRupees(row.discount),
    delivery_charge: toRupees(row.deliveryCharge),
    taxable_amount: toRupees(row.taxable),
    exempt_amount: toRupees(row.exempt),
    vat: toRupees(row.vat),
    total: toRupees(row.total),
    total_in_words: amountInWords(row.total),
    cancelled: row.cancelledAt !== null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
}

/**
 * The order's invoice; with `userId`, only when the order is that customer's (anyone else's is the
 * same 404 as an order that does not exist).
 */
export async function loadInvoice(db: DbOrTx, orderId: number, userId?: number): Promise<Invoice> {
  const [order] = await db
    .select({ trackingId: orders.trackingId })
    .from(orders)
    .where(
      userId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, userId)),
    );
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!row) throw new NotFoundError(INVOICE_NOT_FOUND);
  return toInvoice(row, order.trackingId);
}
