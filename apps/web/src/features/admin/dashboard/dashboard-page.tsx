import type { Dashboard } from '@pasal/contract/admin-dashboard';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadProblem } from '../../../components/console/load-problem';
import { PageSpinner } from '../../../components/page-spinner';
import { formatNepalTime, formatRupees } from '../format';
import { SalesReportSection } from '../reports/sales-report-section';
import { useAdminData } from '../use-admin-data';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="col-6 col-lg-3">
      <div className="card h-100">
        <div className="card-body">
          <h2 className="h6 text-body-secondary mb-1">{label}</h2>
          <p className="fs-4 fw-semibold mb-0">{value}</p>
          {detail && <p className="small text-body-secondary mb-0">{detail}</p>}
        </div>
      </div>
    </div>
  );
}

type Payments = Dashboard['payments_pending'];

function PaymentList({ title, payments }: { title: string; payments: Payments }) {
  const headingId = useId();
  return (
    <section className="col-12 col-lg-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        {title} ({payments.count}, {formatRupees(payments.amount)})
      </h2>
      {payments.payments.length === 0 ? (
        <p className="text-body-secondary">None.</p>
      ) : (
        <ul className="list-group">
          {payments.payments.map((p) => (
            <li key={p.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
              <Link to={`/admin/orders/${p.order_id}`}>Order #{p.order_id}</Link>
              <span>
                {p.provider} · {formatRupees(p.amount)} · {p.status}
              </span>
              <span className="small text-body-secondary">{formatNepalTime(p.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin: what needs attention now. */
export function DashboardPage() {
  const { data, problem, reload } = useAdminData<Dashboard>('/dashboard/');
  if (problem && !data) return <LoadProblem problem={problem} onRetry={reload} />;
  if (!data) return <PageSpinner />;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Dashboard</h1>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={reload}>
          Refresh
        </button>
      </div>
      <div className="row g-3 mb-4">
        <Figure
          label="Orders today"
          value={String(data.today.orders)}
          detail={`${data.today.cancelled} cancelled`}
        />
        <Figure label="Revenue today" value={formatRupees(data.today.revenue)} />
        <Figure
          label="Orders this week"
          value={String(data.this_week.orders)}
          detail={`${data.this_week.cancelled} cancelled`}
        />
        <Figure label="Revenue this week" value={formatRupees(data.this_week.revenue)} />
      </div>
      <div className="row g-4">
        <section className="col-12 col-lg-6" aria-labelledby="waiting-heading">
          <h2 id="waiting-heading" className="h5">
            Orders waiting
          </h2>
          <ul className="list-group">
            {data.orders_waiting.map((w) => (
              <li key={w.status} className="list-group-item d-flex justify-content-between">
                <Link to={`/admin/orders?status=${encodeURIComponent(w.status)}`}>{w.status}</Link>
                <span className="badge text-bg-secondary rounded-pill">{w.count}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="col-12 col-lg-6" aria-labelledby="low-stock-heading">
          <h2 id="low-stock-heading" className="h5">
            Low stock ({data.low_stock.count})
          </h2>
          {data.low_stock.products.length === 0 ? (
            <p className="text-body-secondary">No product is below its threshold.</p>
          ) : (
            <ul className="list-group">
              {data.low_stock.products.map((p) => (
                <li key={p.id} className="list-group-item d-flex justify-content-between gap-2">
                  <Link to={`/admin/products/${p.id}`}>{p.title}</Link>
                  <span>
                    {p.stock} left{' '}
                    <span className="text-body-secondary">(below {p.low_stock_threshold})</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <PaymentList title="Payments pending" payments={data.payments_pending} />
        <PaymentList title="Flagged for refund" payments={data.payments_refund_due} />
      </div>
      <p className="small text-body-secondary mt-3">
        As of {formatNepalTime(data.generated_at)} (Nepal time)
      </p>
      <SalesReportSection />
    </>
  );
}
