import type { AdminOrderPage, AdminOrderSummary } from '@pasal/contract/admin-orders';
import { ORDER_STATUSES } from '@pasal/contract/orders';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@pasal/contract/payments';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Column } from '../../../components/console/data-table';
import { formatNepalTime, formatRupees } from '../format';
import { FilterInput, FilterSelect, ListSearch } from '../list-search';
import { ListTable } from '../list-table';
import { AssignRider } from '../riders/assign-rider';
import { StatusBadge } from '../status-badge';
import { useAdminData } from '../use-admin-data';
import { useListParams } from '../use-list-params';

const FILTERS = [
  'q',
  'status',
  'payment_status',
  'payment_method',
  'from',
  'to',
  'slot_date',
  'slot_starts',
] as const;
const PAGE_SIZE = 20;

const baseColumns: Column<AdminOrderSummary>[] = [
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
  {
    key: 'slot',
    header: 'Delivery slot',
    render: (o) => (o.slot ? `${o.slot.date} ${o.slot.starts}–${o.slot.ends}` : '—'),
  },
  { key: 'rider', header: 'Rider', render: (o) => o.rider?.name ?? '—' },
  { key: 'items', header: 'Items', numeric: true, render: (o) => o.items_count },
  { key: 'total', header: 'Total', sortKey: 'total', numeric: true, render: (o) => formatRupees(o.total) },
];

/** /admin/orders: every order, filtered, searched and paged by the server. */
export function OrdersPage() {
  const { params, query, set, bind } = useListParams({ sort: 'created_at', order: 'desc' }, FILTERS);
  const list = useAdminData<AdminOrderPage>('/orders/', {
    ...query,
    page_size: PAGE_SIZE,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const toggle = (id: number) =>
    setSelected((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  const columns: Column<AdminOrderSummary>[] = [
    {
      key: 'select',
      header: 'Select',
      render: (o) =>
        o.order_status === 'Delivered' || o.order_status === 'Cancelled' ? null : (
          <input
            type="checkbox"
            className="form-check-input"
            aria-label={`Select order #${o.id}`}
            checked={selected.includes(o.id)}
            onChange={() => toggle(o.id)}
          />
        ),
    },
    ...baseColumns,
  ];
  return (
    <>
      <h1 className="h3 mb-3">Orders</h1>
      <ListSearch
        layout="grid"
        name="Find orders"
        search={{
          ...bind('q'),
          label: 'Search',
          placeholder: 'Order id, tracking id, name or phone',
        }}
        onClear={() => set(Object.fromEntries(FILTERS.map((name) => [name, undefined])))}
      >
        <FilterSelect label="Status" options={ORDER_STATUSES} {...bind('status')} />
        <FilterSelect label="Payment" options={PAYMENT_STATUSES} {...bind('payment_status')} />
        <FilterSelect label="Paid by" options={PAYMENT_METHODS} {...bind('payment_method')} />
        <FilterInput label="Placed from" type="date" {...bind('from')} />
        <FilterInput label="Placed to" type="date" {...bind('to')} />
        <FilterInput label="Slot day" type="date" {...bind('slot_date')} />
        <FilterInput label="Slot starts" type="time" {...bind('slot_starts')} />
      </ListSearch>
      {selected.length > 0 && (
        <section className="mb-3" aria-label="Assign the selected orders">
          <AssignRider
            orderIds={selected}
            onAssigned={() => {
              setSelected([]);
              list.reload();
            }}
          />
        </section>
      )}
      <ListTable
        list={list}
        params={params}
        set={set}
        caption="Orders"
        columns={columns}
        empty="No orders match."
        pages="Orders pages"
      />
    </>
  );
}
