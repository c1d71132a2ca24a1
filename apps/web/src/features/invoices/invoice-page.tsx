import type { InvoiceResponse } from '@pasal/contract/invoices';
import axios from 'axios';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { InvoiceSheet } from '../../components/invoice/invoice-sheet';
import { useTranslation } from '../../i18n/use-translation';
import { apiClient } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { selectIsLoggedIn } from '../auth/auth-slice';

type Load =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed' }
  | { kind: 'ready'; response: InvoiceResponse };

/** /orders/:id/invoice: the tax invoice of one of my orders, to read and print. */
export function InvoicePage() {
  const { t } = useTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { id } = useParams();
  const orderId = Number(id);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  usePageMeta(
    load.kind === 'ready'
      ? t('Tax invoice {{number}}', { number: load.response.invoice.invoice_number })
      : t('Tax invoice'),
  );

  useEffect(() => {
    if (!loggedIn) return;
    if (!Number.isSafeInteger(orderId) || orderId < 1) {
      setLoad({ kind: 'missing' });
      return;
    }
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    apiClient.get<InvoiceResponse>(`/order/${orderId}/invoice/`, { signal: controller.signal }).then(
      (answer) => setLoad({ kind: 'ready', response: answer.data }),
      (error) => {
        if (controller.signal.aborted) return;
        const missing = axios.isAxiosError(error) && error.response?.status === 404;
        setLoad({ kind: missing ? 'missing' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [loggedIn, orderId]);

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
      {load.kind === 'ready' && <InvoiceSheet invoice={load.response.invoice} t={t} />}
    </section>
  );
}
