import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { invoiceCounters, invoices, shopSettings } from '../../db/schema/invoices';
import { orderLines, orders } from '../../db/schema/orders';
import { bsDay, bsIso, fiscalYear } from './bikram-sambat';
import { invoiceFigures } from './invoice-figures';

/** One invoice line as kept in invoices.lines (money in paisa). */
export interface StoredLine {
  title: string;
  quantity: number;
  rate: number;
  amount: number;
  taxClass: 'vat13' | 'exempt';
  discount: number;
}

export interface StoredSeller {
  legalName: string;
  address: string;
  pan: string;
}

/**
 * Issues the order's tax invoice in the caller's transaction (the one that delivers the order or
 * records its online payment, with the order's row locked), unless it has one already. The
 * number is the fiscal year's next: the counter's upsert locks its row until the transaction ends,
 * so parallel issuers queue and a rollback hands the number back (no gaps, no duplicates).
 */
export async function issueInvoice(tx: DbOrTx, orderId: number, at: Date): Promise<void> {
  const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const lines = await tx
    .select({
      title: orderLines.title,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      lineTotal: orderLines.lineTotal,
      taxClass: products.taxClass,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  // The checkout writes lines that add up to the subtotal; a row made otherwise (a test's bare
  // order) cannot have an invoice whose figures add up, and gets none rather than a wrong one.
  if (lines.reduce((sum, line) => sum + line.lineTotal, 0) !== order.subtotal) return;
  const [settings] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1));
  const figures = invoiceFigures(lines, order.discount, order.deliveryCharge);
  const year = fiscalYear(at);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ fiscalYear: year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.fiscalYear,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ number: invoiceCounters.lastNumber });
  const seller: StoredSeller = {
    legalName: settings?.legalName ?? '',
    address: settings?.address ?? '',
    pan: settings?.pan ?? '',
  };
  const stored: StoredLine[] = lines.map((line, i) => ({
    title: line.title,
    quantity: line.quantity,
    rate: line.unitPrice,
    amount: line.lineTotal,
    taxClass: line.taxClass,
    discount: figures.discountShares[i],
  }));
  const address = order.shippingAddress as { full_name?: string };
  await tx.insert(invoices).values({
    orderId,
    fiscalYear: year,
    number: counter.number,
    issuedAt: at,
    issuedBs: bsIso(bsDay(at)),
    seller,
    buyerName: address.full_name ?? '',
    buyerPan: order.buyerPan,
    lines: stored,
    subtotal: figures.subtotal,
    discount: figures.discount,
    deliveryCharge: figures.deliveryCharge,
    taxable: figures.taxable,
    exempt: figures.exempt,
    vat: figures.vat,
    total: figures.total,
  });
}

/** A cancelled order keeps its invoice, marked cancelled (never renumbered or deleted). */
export async function cancelInvoice(tx: DbOrTx, orderId: number, at: Date): Promise<void> {
  await tx
    .update(invoices)
    .set({ cancelledAt: at })
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.cancelledAt)));
}
