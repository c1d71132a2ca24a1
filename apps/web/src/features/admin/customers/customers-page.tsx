import {
  type AdminCustomer,
  type AdminCustomerPage,
  CUSTOMER_STATUSES,
} from '@pasal/contract/admin-customers';
import { Link } from 'react-router';
import type { Column } from '../../../components/console/data-table';
import { formatNepalTime, formatRupees } from '../format';
import { FilterSelect, ListSearch } from '../list-search';
import { ListTable } from '../list-table';
import { StatusBadge } from '../status-badge';
import { useAdminData } from '../use-admin-data';
import { useListParams } from '../use-list-params';

const FILTERS = ['q', 'status'] as const;

const columns: Column<AdminCustomer>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    render: (c) => <Link to={`/admin/customers/${c.id}`}>{c.full_name || `Customer #${c.id}`}</Link>,
  },
  { key: 'phone', header: 'Phone', render: (c) => c.phone ?? '—' },
  { key: 'email', header: 'E-mail', render: (c) => c.email ?? '—' },
  { key: 'status', header: 'Status', render: (c) => <StatusBadge status={c.status} /> },
  { key: 'joined', header: 'Joined', sortKey: 'joined_at', render: (c) => formatNepalTime(c.joined_at) },
  { key: 'orders', header: 'Orders', sortKey: 'orders_count', numeric: true, render: (c) => c.orders_count },
  {
    key: 'total',
    header: 'Spent',
    sortKey: 'orders_total',
    numeric: true,
    render: (c) => formatRupees(c.orders_total),
  },
];

/** /admin/customers: find a customer by name, phone or e-mail. */
export function CustomersPage() {
  const { params, query, set, bind } = useListParams({ sort: 'joined_at', order: 'desc' }, FILTERS);
  const list = useAdminData<AdminCustomerPage>('/customers/', query);
  return (
    <>
      <h1 className="h3 mb-3">Customers</h1>
      <ListSearch
        layout="grid"
        name="Find customers"
        search={{
          ...bind('q'),
          label: 'Search',
          placeholder: 'Name, phone or e-mail',
        }}
      >
        <FilterSelect label="Status" options={CUSTOMER_STATUSES} {...bind('status')} />
      </ListSearch>
      <ListTable
        list={list}
        params={params}
        set={set}
        caption="Customers"
        columns={columns}
        empty="No customers match."
        pages="Customers pages"
      />
    </>
  );
}
