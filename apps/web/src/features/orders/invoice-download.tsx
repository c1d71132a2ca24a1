import type { OrderDetail } from '@pasal/contract/orders';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useTranslation } from '../../i18n/use-translation';
import { apiClient } from '../../lib/api-client';
import { fileNameOf, saveFile } from '../../lib/save-file';

/** Money was received, or the goods delivered: the order has its tax invoice (docs/back-office-vat.md). */
export function hasInvoice(order: OrderDetail): boolean {
  return (
    order.order_status === 'Delivered' ||
    (order.order_status !== 'Cancelled' && order.payment_status === 'Paid') ||
    (order.order_status === 'Cancelled' && order.payment_status !== 'Unpaid')
  );
}

/** Downloads the order's tax invoice, a PDF the server makes. */
export function InvoiceDownload({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!hasInvoice(order)) return null;
  const download = async () => {
    setBusy(true);
    try {
      const answer = await apiClient.get<Blob>(`/order/${order.id}/invoice/pdf/`, { responseType: 'blob' });
      saveFile(answer.data, fileNameOf(answer.headers['content-disposition'], 'invoice.pdf'));
    } catch {
      toast.error(t('The tax invoice could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="d-flex flex-wrap gap-2 mt-2">
      <button type="button" className="btn btn-outline-success btn-sm" disabled={busy} onClick={download}>
        {busy ? t('Downloading…') : t('Download tax invoice (PDF)')}
      </button>
      <Link to={`/orders/${order.id}/invoice`} className="btn btn-outline-success btn-sm">
        {t('View and print the tax invoice')}
      </Link>
    </div>
  );
}
