import type { AdminOrderResponse } from '@pasal/contract/admin-orders';
import { Link, useParams } from 'react-router';
import { LoadProblem } from '../../../components/console/load-problem';
import { PageSpinner } from '../../../components/page-spinner';
import { formatNepalTime, formatRupees } from '../format';
import { useAdminData } from '../use-admin-data';

/** /admin/orders/:orderId/slip: what goes in the bag, to print and pack by. */
export function PackingSlipPage() {
  const { orderId } = useParams();
  const { data, problem, reload } = useAdminData<AdminOrderResponse>(`/orders/${orderId}/`);
  if (problem && !data) return <LoadProblem problem={problem} onRetry={reload} />;
  if (!data) return <PageSpinner />;
  const { order } = data;
  const a = order.shipping_address;
  const toCollect = order.payment_method === 'cash' && !order.payment_completed;

  return (
    <article className="packing-slip">
      <div className="d-flex flex-wrap gap-2 mb-3 d-print-none">
        <Link to={`/admin/orders/${order.id}`} className="btn btn-sm btn-outline-secondary">
          ← Order #{order.id}
        </Link>
        <button type="button" className="btn btn-sm btn-success" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <h1 className="h4">Pasal — packing slip</h1>
      <p className="mb-3">
        Order #{order.id} · {order.tracking_id} · placed {formatNepalTime(order.created_at)}
      </p>
      <h2 className="h6">Deliver to</h2>
      <address>
        {a.full_name} · {a.phone}
        <br />
        {[a.location, a.land_mark, a.municipality, a.district, a.province].filter(Boolean).join(', ')}
        {order.delivery_station && (
          <>
            <br />
            From {order.delivery_station.name}
          </>
        )}
      </address>
      <table className="table table-sm table-bordered">
        <caption className="visually-hidden">Items to pack</caption>
        <thead>
          <tr>
            <th scope="col">Packed</th>
            <th scope="col">Product</th>
            <th scope="col" className="text-end">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td aria-hidden="true">☐</td>
              <td>{line.title}</td>
              <td className="text-end">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Items
            </th>
            <td className="text-end">{order.items_count}</td>
          </tr>
        </tfoot>
      </table>
      {order.notes && <p>Customer’s notes: {order.notes}</p>}
      <p className="fw-semibold">
        {toCollect
          ? `Cash to collect: ${formatRupees(order.total)}`
          : `Paid (${order.payment_method}): nothing to collect`}
      </p>
    </article>
  );
}
