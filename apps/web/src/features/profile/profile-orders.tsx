import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectAuth } from '../auth/auth-slice';
import { formatShortDate } from './format-date';
import { type OrderFilter, OrderFilters } from './order-filters';
import { fetchCancelledOrders, fetchDeliveredProducts, fetchOrders } from './orders-api';

interface Row {
  id: number;
  title: string;
  detail: string;
}

const EMPTY: Record<OrderFilter, string> = {
  all: 'No orders found.',
  delivered: 'No delivered products found.',
  process: '',
  cancelled: 'No cancelled orders found.',
};

async function loadRows(filter: OrderFilter): Promise<Row[]> {
  if (filter === 'all') {
    return (await fetchOrders()).map((o) => ({
      id: o.id,
      title: `Tracking ID: ${o.tracking_id || o.id}`,
      detail: `Placed On ${formatShortDate(o.created_at)} · Rs ${o.total} · ${o.order_status}`,
    }));
  }
  if (filter === 'delivered') {
    return (await fetchDeliveredProducts()).map((p) => ({
      id: p.id,
      title: p.title,
      detail: `Purchased on ${formatShortDate(p.created_on)}`,
    }));
  }
  if (filter === 'cancelled') {
    return (await fetchCancelledOrders()).map((c) => ({
      id: c.id,
      title: `Cancelled on ${formatShortDate(c.created_on)}`,
      detail: `Placed ${formatShortDate(c.order.created_at)} · Rs ${c.order.total} · ${c.remarks}`,
    }));
  }
  return [];
}

/** /profile/orders: the four filters and their lists (full order cards come with the orders issue). */
export function ProfileOrders() {
  const { access, user_id } = useAppSelector(selectAuth);
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [rows, setRows] = useState<Row[] | null>(null);

  useEffect(() => {
    // Order calls need the bearer token; without one they are skipped.
    if (!access || !user_id || filter === 'process') {
      setRows([]);
      return;
    }
    let live = true;
    setRows(null);
    loadRows(filter).then(
      (found) => live && setRows(found),
      (error) => {
        // Order fetch errors are only logged; the empty state shows (accounts-orders.md §8).
        console.error('Order history could not be loaded', error);
        if (live) setRows([]);
      },
    );
    return () => {
      live = false;
    };
  }, [filter, access, user_id]);

  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="h4 mb-3">
        My Orders
      </h2>
      <div className="row g-3">
        <div className="col-md-4">
          <OrderFilters value={filter} onChange={setFilter} />
        </div>
        <div className="col-md-8" aria-live="polite">
          {filter === 'process' ? (
            <p className="text-body-secondary">Orders you asked to cancel show here while we process them.</p>
          ) : rows === null ? (
            <p className="text-body-secondary" role="status">
              Loading...
            </p>
          ) : rows.length === 0 ? (
            <p className="text-body-secondary">{EMPTY[filter]}</p>
          ) : (
            <ul className="list-group">
              {rows.map((row) => (
                <li key={row.id} className="list-group-item">
                  <div className="fw-semibold">{row.title}</div>
                  <div className="small text-body-secondary">{row.detail}</div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
