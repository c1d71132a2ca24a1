import { useState } from 'react';
import { toast } from 'react-toastify';
import { adminDownload } from './admin-download';

/** The order's tax invoice as a PDF; the server answers 404 while the order has none. */
export function InvoiceButton({ orderId }: { orderId: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await adminDownload(`/orders/${orderId}/invoice/pdf/`, 'invoice.pdf');
    } catch {
      toast.error('No tax invoice: an order gets one when delivered or paid online.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} onClick={download}>
      {busy ? 'Downloading…' : 'Tax invoice (PDF)'}
    </button>
  );
}
