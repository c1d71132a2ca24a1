import type { InvoiceResponse } from '@pasal/contract/invoices';
import { Link, useParams } from 'react-router';
import { LoadProblem } from '../../../components/console/load-problem';
import { InvoiceSheet } from '../../../components/invoice/invoice-sheet';
import { PageSpinner } from '../../../components/page-spinner';
import { useAdminData } from '../use-admin-data';

const english = (text: string) => text;

/** /admin/orders/:orderId/invoice: an order's tax invoice as a page to print (the console stays English). */
export function AdminInvoicePage() {
  const { orderId } = useParams();
  const { data, problem, reload } = useAdminData<InvoiceResponse>(`/orders/${orderId}/invoice/`);
  if (problem && !data) return <LoadProblem problem={problem} onRetry={reload} />;
  if (!data) return <PageSpinner />;
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3 d-print-none">
        <Link to={`/admin/orders/${orderId}`} className="btn btn-sm btn-outline-secondary">
          ← Order #{orderId}
        </Link>
        <button type="button" className="btn btn-sm btn-success" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <InvoiceSheet invoice={data.invoice} t={english} />
    </>
  );
}
