import type { AdminOrderPage, AdminOrderSummary } from '@pasal/contract/admin-orders';
import { ORDER_STATUSES } from '@pasal/contract/orders';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@pasal/contract/payments';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../data-table';
import { formatNepalTime, formatRupees } from '../format';
import { LoadProblem } from '../load-problem';
import { Pager } from '../pager';
import { StatusBadge } from '../status-badge';
import { useAdminData } from '../use-admin-data';
import { useListParams } from '../use-list-params';

const FILTERS = ['q', 'status', 'payment_status', 'payment_method', 'from', 'to'] as const;
const PAGE_SIZE = 20;

const columns: Column<AdminOrderSummary>[] = [
  {
    key: 'id',
    header: 'Order',
    sortKey: 'id',
    render: (o) => (
      <Link to={`/admin/orders/${o.id}`}>
        #{o.id} <span className="small text-body-secondary">{o.tracking_id}</span>
      </Link>
    ),
  },
  { key: 'placed', header: 'Placed', sortKey: 'created_at', render: (o) => formatNepalTime(o.created_at) },
  {
    key: 'customer',
    header: 'Customer',
    render: (o) => (
      <>
        {o.customer.name || '—'}
        <span className="d-block small text-body-secondary">{o.customer.phone ?? o.customer.email}</span>
      </>
    ),
  },
  { key: 'status', header: 'Status', render: (o) => <StatusBadge status={o.order_status} /> },
  {
    key: 'payment',
    header: 'Payment',
    render: (o) => (
      <>
        <StatusBadge status={o.payment_status} /> <span className="small">{o.payment_method}</span>
      </>
    ),
  },
  { key: 'items', header: 'Items', numeric: true, render: (o) => o.items_count },
  { key: 'total', header: 'Total', sortKey: 'total', numeric: true, render: (o) => formatRupees(o.total) },
];

/** /admin/orders: every order, filtered, searched and paged by the server. */
export function OrdersPage() {
  const { params, query, set } = useListParams({ sort: 'created_at', order: 'desc' }, FILTERS);
  const { data, problem, loading, reload } = useAdminData<AdminOrderPage>('/orders/', {
    ...query,
    page_size: PAGE_SIZE,
  });
  const [search, setSearch] = useState(params.filters.q);
  useEffect(() => setSearch(params.filters.q), [params.filters.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: search.trim() });
  };
  const f = params.filters;

  return (
    <>
      <h1 className="h3 mb-3">Orders</h1>
      <form onSubmit={submit} className="admin-filters mb-3" aria-label="Find orders">
        <div>
          <label htmlFor="orders-q" className="form-label small">
            Search
          </label>
          <input
            id="orders-q"
            type="search"
            className="form-control form-control-sm"
            placeholder="Order id, tracking id, name or phone"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="orders-status" className="form-label small">
            Status
          </label>
          <select
            id="orders-status"
            className="form-select form-select-sm"
            value={f.status}
            onChange={(e) => set({ status: e.target.value })}
          >
            <option value="">Any</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-payment-status" className="form-label small">
            Payment
          </label>
          <select
            id="orders-payment-status"
            className="form-select form-select-sm"
            value={f.payment_status}
            onChange={(e) => set({ payment_status: e.target.value })}
          >
            <option value="">Any</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-payment-method" className="form-label small">
            Paid by
          </label>
          <select
            id="orders-payment-method"
            className="form-select form-select-sm"
            value={f.payment_method}
            onChange={(e) => set({ payment_method: e.target.value })}
          >
            <option value="">Any</option>
            {PAYMENT_METHODS.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-from" className="form-label small">
            Placed from
          </label>
          <input
            id="orders-from"
            type="date"
            className="form-control form-control-sm"
            value={f.from}
            onChange={(e) => set({ from: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="orders-to" className="form-label small">
            Placed to
          </label>
          <input
            id="orders-to"
            type="date"
            className="form-control form-control-sm"
            value={f.to}
            onChange={(e) => set({ to: e.target.value })}
          />
        </div>
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-success">
            Search
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              setSearch('');
              set(Object.fromEntries(FILTERS.map((name) => [name, undefined])));
            }}
          >
            Clear
          </button>
        </div>
      </form>
      {problem && <LoadProblem problem={problem} onRetry={reload} />}
      <DataTable
        caption="Orders"
        columns={columns}
        rows={data?.results ?? []}
        rowKey={(o) => o.id}
        sort={params.sort}
        order={params.order}
        onSort={(sort, order) => set({ sort, order })}
        loading={loading}
        empty="No orders match."
      />
      {data && (
        <Pager
          page={data.page}
          pageSize={data.page_size}
          count={data.count}
          onPage={(page) => set({ page })}
          label="Orders pages"
        />
      )}
    </>
  );
}
