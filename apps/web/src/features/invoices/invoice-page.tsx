import type { InvoiceResponse } from '@pasal/contract/invoices';
import { Link, Navigate, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { InvoiceSheet } from '../../components/invoice/invoice-sheet';
import { useTranslation } from '../../i18n/use-translation';
import { apiClient } from '../../lib/api-client';
import { useOwnResource } from '../../lib/use-own-resource';
import { usePageMeta } from '../../lib/use-page-meta';
import { selectIsLoggedIn } from '../auth/auth-slice';

async function fetchInvoice(orderId: number, signal: AbortSignal): Promise<InvoiceResponse> {
  return (await apiClient.get<InvoiceResponse>(`/order/${orderId}/invoice/`, { signal })).data;
}

/** /orders/:id/invoice: the tax invoice of one of my orders, to read and print. */
export function InvoicePage() {
  const { t } = useTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { id } = useParams();
  const load = useOwnResource(id, fetchInvoice, loggedIn);
  usePageMeta(
    load.kind === 'ready'
      ? t('Tax invoice {{number}}', { number: load.data.invoice.invoice_number })
      : t('Tax invoice'),
  );

  if (!loggedIn) return <Navigate to="/login" replace />;
  return (
    <section>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Link to={`/orders/${id}`} className="btn btn-sm btn-outline-secondary">
          {t('← Back to the order')}
        </Link>
        {load.kind === 'ready' && (
          <button type="button" className="btn btn-sm btn-success" onClick={() => window.print()}>
            {t('Print')}
          </button>
        )}
      </div>
      {load.kind === 'loading' && (
        <p className="text-body-secondary" role="status">
          {t('Loading the tax invoice…')}
        </p>
      )}
      {load.kind === 'missing' && (
        <h1 className="h4">{t('This order has no tax invoice in your account.')}</h1>
      )}
      {load.kind === 'failed' && (
        <p role="alert">{t('The tax invoice could not be loaded. Please try again.')}</p>
      )}
      {load.kind === 'ready' && <InvoiceSheet invoice={load.data.invoice} t={t} />}
    </section>
  );
}
