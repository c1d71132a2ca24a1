import type { LowStockItem } from '@pasal/contract/admin-low-stock';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Column } from '../../components/console/data-table';
import { useRequest } from '../../lib/use-request';
import { ListSearch } from '../admin/list-search';
import { useListParams } from '../admin/use-list-params';
import { listLowStock } from './catalogue-csv-api';
import { CatalogueListTable, type CatalogueListTexts } from './catalogue-list-table';

const PAGE_SIZE = 50;
const FILTERS = ['q'] as const;
const TEXTS: CatalogueListTexts = {
  caption: 'Low or out of stock',
  empty: 'Nothing is low or out of stock.',
  pages: 'Low stock pages',
  failed: 'Could not load the low-stock list',
};

const columns: Column<LowStockItem>[] = [
  {
    key: 'title',
    header: 'Product',
    render: (p) => (
      <div className="text-wrap" style={{ minWidth: '12rem' }}>
        <Link to={`/admin/products/${p.id}`}>{p.title}</Link>
        {p.unit ? <span className="small"> ({p.unit})</span> : null}
        {p.nepali_title ? (
          <div lang="ne" className="small text-body-secondary">
            {p.nepali_title}
          </div>
        ) : null}
      </div>
    ),
  },
  { key: 'category', header: 'Category', render: (p) => p.category_title },
  {
    key: 'stock',
    header: 'Stock',
    numeric: true,
    render: (p) => (
      <>
        {p.stock}
        <span
          className={`d-block small${p.stock_state === 'out_of_stock' ? ' text-danger-emphasis fw-semibold' : ''}`}
        >
          {p.stock_state === 'out_of_stock' ? 'Out of stock' : `Low (below ${p.low_stock_threshold})`}
        </span>
      </>
    ),
  },
  {
    key: 'sold',
    header: 'Sold in 30 days',
    sortKey: 'sold_30_days',
    numeric: true,
    render: (p) => p.sold_30_days,
  },
  {
    key: 'days',
    header: 'Days left',
    numeric: true,
    render: (p) => (p.days_left === null ? '—' : p.days_left),
  },
];

/** /admin/low-stock: what is low or out, the fastest sellers first (staff also get it by e-mail daily). */
export function LowStockPage() {
  const listing = useListParams({ sort: 'sold_30_days', order: 'desc' }, FILTERS);
  const { query, bind } = listing;
  const list = useRequest(
    (signal) => listLowStock({ ...query, page_size: PAGE_SIZE } as never, signal),
    [query],
  );
  useEffect(() => {
    document.title = 'Low stock | Console | Pasal';
  }, []);
  return (
    <section aria-labelledby="low-stock-heading">
      <h1 id="low-stock-heading" className="h3 mb-2">
        Low stock
      </h1>
      <p>
        Active products out of stock or below their low-stock threshold, the fastest sellers of the last 30
        days first. Staff get this list by e-mail every morning. Change a threshold in the product form or
        with a CSV import.
      </p>
      <ListSearch
        name="Low stock"
        search={{
          ...bind('q'),
          label: 'Search low-stock products by title or slug',
          placeholder: 'Search title or slug',
        }}
      />
      <CatalogueListTable
        list={list}
        listing={listing}
        pageSize={PAGE_SIZE}
        columns={columns}
        texts={TEXTS}
      />
    </section>
  );
}
