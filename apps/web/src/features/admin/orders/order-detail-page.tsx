import type { AdminOrder, AdminOrderResponse } from '@pasal/contract/admin-orders';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadProblem } from '../../../components/console/load-problem';
import { StaleEditNotice } from '../../../components/console/stale-edit';
import { PageSpinner } from '../../../components/page-spinner';
import { formatNepalTime, formatRupees } from '../format';
import { AssignRider } from '../riders/assign-rider';
import { StatusBadge } from '../status-badge';
import { useAdminData } from '../use-admin-data';
import { InvoiceButton } from '../vat/invoice-button';
import { OrderActions } from './order-actions';
import { RefundAction } from './refund-action';
import { RefundDetails } from './refund-details';

const STALE_LABELS = { order_status: 'Status', payment_status: 'Payment' };

function Totals({ order }: { order: AdminOrder }) {
  return (
    <dl className="row mb-0 small">
      <dt className="col-7">Subtotal</dt>
      <dd className="col-5 text-end">{formatRupees(order.subtotal)}</dd>
      {order.discount > 0 && (
        <>
          <dt className="col-7">Discount{order.voucher_code ? ` (${order.voucher_code})` : ''}</dt>
          <dd className="col-5 text-end">−{formatRupees(order.discount)}</dd>
        </>
      )}
      <dt className="col-7">Delivery</dt>
      <dd className="col-5 text-end">{formatRupees(order.delivery_charge)}</dd>
      <dt className="col-7">Total</dt>
      <dd className="col-5 text-end fw-semibold">{formatRupees(order.total)}</dd>
    </dl>
  );
}

/** /admin/orders/:orderId: everything about one order, and the moves staff can make. */
export function OrderDetailPage() {
  const { orderId } = useParams();
  const { data, problem, reload, setData } = useAdminData<AdminOrderResponse>(`/orders/${orderId}/`);
  const [stale, setStale] = useState<{ read: AdminOrder; current: AdminOrder } | null>(null);

  if (problem && !data) return <LoadProblem problem={problem} onRetry={reload} />;
  if (!data) return <PageSpinner />;
  const { order } = data;
  const a = order.shipping_address;

  return (
    <>
      <p className="mb-2 d-print-none">
        <Link to="/admin/orders">← Orders</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          Order #{order.id} <span className="fs-6 text-body-secondary">{order.tracking_id}</span>
        </h1>
        <StatusBadge status={order.order_status} />
        <Link to={`/admin/orders/${order.id}/slip`} className="btn btn-sm btn-outline-secondary">
          Packing slip
        </Link>
        <InvoiceButton orderId={order.id} />
        <Link to={`/admin/orders/${order.id}/invoice`} className="btn btn-sm btn-outline-secondary">
          Tax invoice (page)
        </Link>
      </div>
      {stale && (
        <StaleEditNotice
          read={stale.read as unknown as Record<string, unknown>}
          current={stale.current as unknown as Record<string, unknown>}
          labels={STALE_LABELS}
          onUseCurrent={() => setStale(null)}
        />
      )}
      <div className="mb-4 d-flex flex-wrap gap-2 d-print-none">
        <RefundAction
          order={order}
          onChanged={(next) => {
            setStale(null);
            setData({ order: next });
          }}
          onReload={reload}
        />
        <OrderActions
          order={order}
          onChanged={(next) => {
            setStale(null);
            setData({ order: next });
          }}
          onStale={(current) => {
            setStale({ read: order, current });
            setData({ order: current });
          }}
        />
      </div>
      {order.order_status !== 'Delivered' && order.order_status !== 'Cancelled' ? (
        <section className="mb-4 d-print-none" aria-label="Assign a rider">
          <p className="mb-1">Rider: {order.rider ? order.rider.name : 'none yet'}</p>
          <AssignRider orderIds={[order.id]} current={order.rider?.id ?? null} onAssigned={() => reload()} />
        </section>
      ) : (
        order.rider && <p className="mb-4">Rider: {order.rider.name}</p>
      )}
      <div className="row g-4">
        <section className="col-12 col-lg-6" aria-labelledby="order-customer">
          <h2 id="order-customer" className="h5">
            Customer
          </h2>
          <p className="mb-1">
            <Link to={`/admin/customers/${order.customer.id}`}>{order.customer.name || 'Customer'}</Link>
          </p>
          <p className="mb-1 small">
            {[order.customer.phone, order.customer.email].filter(Boolean).join(' · ')}
          </p>
          <p className="small text-body-secondary">Placed {formatNepalTime(order.created_at)}</p>
        </section>
        <section className="col-12 col-lg-6" aria-labelledby="order-address">
          <h2 id="order-address" className="h5">
            Delivery address
          </h2>
          <address className="mb-1">
            {a.full_name} · {a.phone}
            <br />
            {[a.location, a.land_mark, a.municipality, a.district, a.province].filter(Boolean).join(', ')}
          </address>
          <p className="small text-body-secondary mb-0">
            {a.address_type}
            {order.delivery_station ? ` · delivered from ${order.delivery_station.name}` : ''}
          </p>
          {order.slot && (
            <p className="mt-1 mb-0">
              Delivery slot:{' '}
              <strong>
                {order.slot.date}, {order.slot.starts}–{order.slot.ends} (Nepal time)
              </strong>
            </p>
          )}
          {order.notes && <p className="small mt-1">Notes: {order.notes}</p>}
        </section>
        <section className="col-12" aria-labelledby="order-lines">
          <h2 id="order-lines" className="h5">
            Items ({order.items_count})
          </h2>
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <caption className="visually-hidden">Items of the order</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="text-end">
                    Price
                  </th>
                  <th scope="col" className="text-end">
                    Qty
                  </th>
                  <th scope="col" className="text-end">
                    Line total
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={line.id}>
                    <td>{line.title}</td>
                    <td className="text-end">{formatRupees(line.price)}</td>
                    <td className="text-end">{line.quantity}</td>
                    <td className="text-end">{formatRupees(line.line_total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="ms-auto" style={{ maxWidth: '20rem' }}>
            <Totals order={order} />
          </div>
        </section>
        <section className="col-12 col-lg-6" aria-labelledby="order-payment">
          <h2 id="order-payment" className="h5">
            Payment
          </h2>
          <p className="mb-1">
            {order.payment_method} · <StatusBadge status={order.payment_status} />
          </p>
          {order.payment_reference && (
            <p className="small mb-1">Wallet transaction: {order.payment_reference}</p>
          )}
          {order.paid_at && <p className="small mb-1">Paid {formatNepalTime(order.paid_at)}</p>}
          {order.refund && <RefundDetails refund={order.refund} />}
          {order.payments.length > 0 && (
            <ul className="list-group list-group-flush small">
              {order.payments.map((p) => (
                <li key={p.id} className="list-group-item px-0">
                  Attempt {p.attempt}: {p.provider} {formatRupees(p.amount)} — {p.status}
                  {p.refund_due ? ' (refund due)' : ''}
                  <span className="d-block text-body-secondary">
                    {p.reference} · {formatNepalTime(p.created_at)}
                    {p.provider_ref ? ` · wallet ${p.provider_ref}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="col-12 col-lg-6" aria-labelledby="order-history">
          <h2 id="order-history" className="h5">
            History
          </h2>
          <ol className="list-unstyled small mb-0">
            {order.history.map((h, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at the end
              <li key={index} className="mb-2">
                <span className="fw-semibold">{h.to}</span> · {formatNepalTime(h.at)} · {h.actor}
                {h.by ? ` (${h.by.name || h.by.email || `#${h.by.id}`})` : ''}
                {h.reason && <span className="d-block">Reason: {h.reason}</span>}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
