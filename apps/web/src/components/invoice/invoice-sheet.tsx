import './invoice-sheet.css';
import type { Invoice } from '@pasal/contract/invoices';
import { localDigits } from '../../i18n/digits';
import { currentLanguage } from '../../i18n/i18n';
import { formatShortDate } from '../../lib/format-date';
import { formatRsDot2 } from '../../lib/money';

/** The texts of the sheet: the storefront's t(), or the console's English as it is. */
export type SheetText = (english: string) => string;

/**
 * The issue day: "2083 Mangsir 10 BS (2026-11-26 AD)" in English, as the server wrote it; in Nepali
 * the BS day from the AD day ("वि.सं. २०८३ मंसिर १० (ई.सं. २०२६-११-२६)", decision 044), like the
 * amounts, which follow the shop's language too.
 */
export function invoiceDay(invoice: Pick<Invoice, 'date_bs' | 'date_ad'>): string {
  if (currentLanguage() !== 'ne') return `${invoice.date_bs} BS (${invoice.date_ad} AD)`;
  return `वि.सं. ${formatShortDate(invoice.date_ad)} (ई.सं. ${localDigits(invoice.date_ad, 'ne')})`;
}

/**
 * A tax invoice as a page, the same figures as its PDF (both from the stored invoice, issued by the
 * server's invoice-figures code): what the customer and staff print. Only the sheet prints
 * (invoice-sheet.css hides everything else on the page).
 */
export function InvoiceSheet({ invoice, t }: { invoice: Invoice; t: SheetText }) {
  const figures: [string, string][] = [
    [t('Subtotal'), formatRsDot2(invoice.subtotal)],
    [t('Discount'), `−${formatRsDot2(invoice.discount)}`],
    [t('Delivery charge'), formatRsDot2(invoice.delivery_charge)],
    [t('Exempt amount'), formatRsDot2(invoice.exempt_amount)],
    [t('Taxable amount'), formatRsDot2(invoice.taxable_amount)],
    [t('VAT 13%'), formatRsDot2(invoice.vat)],
  ];
  return (
    <article className="invoice-sheet" aria-labelledby="invoice-sheet-title">
      <header className="text-center mb-3">
        <p className="invoice-sheet-seller mb-0">{invoice.seller.legal_name}</p>
        <p className="mb-0">{invoice.seller.address}</p>
        <p className="mb-1">
          {t('PAN/VAT No.')}: {invoice.seller.pan || '—'}
        </p>
        <h1 id="invoice-sheet-title" className="h5 mb-0">
          {t('Tax invoice')}
        </h1>
        {invoice.cancelled && <p className="invoice-sheet-cancelled fw-bold mb-0">{t('Cancelled')}</p>}
      </header>
      <dl className="invoice-sheet-facts">
        <dt>{t('Invoice No.')}</dt>
        <dd>{invoice.invoice_number}</dd>
        <dt>{t('Date')}</dt>
        <dd>{invoiceDay(invoice)}</dd>
        <dt>{t('Order')}</dt>
        <dd>{invoice.tracking_id}</dd>
        <dt>{t('Buyer')}</dt>
        <dd>{invoice.buyer.name}</dd>
        <dt>{t('Buyer’s PAN')}</dt>
        <dd>{invoice.buyer.pan ?? '—'}</dd>
      </dl>
      <table className="table table-sm invoice-sheet-lines">
        <caption className="visually-hidden">{t('Items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('S.N.')}</th>
            <th scope="col">{t('Particulars')}</th>
            <th scope="col" className="text-end">
              {t('Qty')}
            </th>
            <th scope="col" className="text-end">
              {t('Rate')}
            </th>
            <th scope="col" className="text-end">
              {t('Amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed list, in the invoice's order
            <tr key={i}>
              <td>{i + 1}</td>
              <td>
                {line.title}
                {line.tax_class === 'exempt' && ` (${t('exempt')})`}
              </td>
              <td className="text-end">{line.quantity}</td>
              <td className="text-end">{formatRsDot2(line.rate)}</td>
              <td className="text-end">{formatRsDot2(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {figures.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row" colSpan={4} className="text-end fw-normal">
                {label}
              </th>
              <td className="text-end">{amount}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={4} className="text-end">
              {t('Total')}
            </th>
            <td className="text-end fw-bold">{formatRsDot2(invoice.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mb-0">
        {t('In words')}: {invoice.total_in_words}
      </p>
      <p lang="ne">अक्षरेपी: {invoice.total_in_words_ne}</p>
      <p className="small">
        {t(
          'Prices include VAT. The discount is shared among the lines in proportion to their amounts; the delivery charge is taxable at 13%.',
        )}
      </p>
    </article>
  );
}
