import type { AdminProductListItem } from '@pasal/contract/admin-products';
import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import type { Column } from '../../components/console/data-table';
import { SelectField } from '../../components/console/fields';
import { MissingNepaliBadge } from '../../components/console/missing-nepali-badge';
import { useRequest } from '../../lib/use-request';
import { formatRupees } from '../admin/format';
import { ListSearch } from '../admin/list-search';
import { useListParams } from '../admin/use-list-params';
import { getCategoryTree, listProducts } from './admin-catalog-api';
import { CatalogueCsvPanel } from './catalogue-csv-panel';
import { CatalogueListTable, type CatalogueListTexts } from './catalogue-list-table';
import { CategoryOptions } from './category-options';

const STOCK_LABELS = { in_stock: 'In stock', low: 'Low', out_of_stock: 'Out of stock' } as const;
const FILTERS = [
  'q',
  'category',
  'active',
  'stock_state',
  'organic',
  'today_special',
  'new_arrival',
] as const;
const PAGE_SIZE = 20;
const TEXTS: CatalogueListTexts = {
  caption: 'Products',
  empty: 'No products match.',
  pages: 'Products pages',
  failed: 'Could not load the products',
};

const columns: Column<AdminProductListItem>[] = [
  {
    key: 'title',
    header: 'Product',
    sortKey: 'title',
    render: (p) => (
      // Long titles wrap: a link wider than the scrolling table would have its focus ring cut off.
      <div className="d-flex align-items-center gap-2 text-wrap" style={{ minWidth: '14rem' }}>
        {p.thumbnail ? (
          <img src={p.thumbnail} alt="" width={40} height={40} className="rounded border" />
        ) : null}
        <div>
          <Link to={`/admin/products/${p.id}`}>{p.title}</Link>
          {p.nepali_title ? (
            <div lang="ne" className="small text-body-secondary">
              {p.nepali_title}
            </div>
          ) : null}
          <MissingNepaliBadge nepali={p.nepali_title} />
        </div>
      </div>
    ),
  },
  { key: 'category', header: 'Category', render: (p) => p.category_title },
  {
    key: 'price',
    header: 'Price',
    sortKey: 'selling_price',
    numeric: true,
    render: (p) => (
      <span className="text-nowrap">
        {formatRupees(p.current_price)}
        {p.current_price !== p.selling_price ? (
          <span className="d-block small text-body-secondary">
            regular <s>{formatRupees(p.selling_price)}</s>
          </span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'stock',
    header: 'Stock',
    sortKey: 'stock',
    numeric: true,
    render: (p) => (
      <>
        {p.stock}
        <span className="d-block small">{STOCK_LABELS[p.stock_state]}</span>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (p) => (
      <Badge bg={p.is_active ? 'success' : 'secondary'}>{p.is_active ? 'Active' : 'Inactive'}</Badge>
    ),
  },
  { key: 'updated', header: 'Updated', sortKey: 'updated_at', render: (p) => p.updated_at.slice(0, 10) },
];

/** /admin/products: search, filters, sorting and paging, all in the address so a page can be shared. */
export function ProductsPage() {
  const listing = useListParams({ sort: 'updated_at', order: 'desc' }, FILTERS);
  const { query, bind } = listing;
  // Raised by an applied import, so the list is read again.
  const [revision, setRevision] = useState(0);
  const list = useRequest(
    (signal) => listProducts({ ...query, page_size: PAGE_SIZE } as never, signal),
    [query, revision],
  );
  const tree = useRequest((signal) => getCategoryTree(signal), []);
  useEffect(() => {
    document.title = 'Products | Console | Pasal';
  }, []);

  return (
    <section aria-labelledby="products-heading">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 id="products-heading" className="h3 mb-0">
          Products
        </h1>
        <Link to="/admin/products/new" className="btn btn-success">
          New product
        </Link>
      </div>
      <CatalogueCsvPanel onApplied={() => setRevision((n) => n + 1)} />
      <ListSearch
        name="Products"
        search={{
          ...bind('q'),
          label: 'Search products by title, Nepali title, slug or id',
          placeholder: 'Search title, slug or id',
        }}
      />
      <div className="row row-cols-2 row-cols-md-3 row-cols-xl-6 g-2 mb-2">
        <SelectField label="Category" className="col" {...bind('category')}>
          <option value="">All</option>
          <CategoryOptions tree={tree.data?.results ?? []} />
        </SelectField>
        <SelectField label="Status" className="col" {...bind('active')}>
          <option value="">All</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </SelectField>
        <SelectField label="Stock" className="col" {...bind('stock_state')}>
          <option value="">All</option>
          <option value="in_stock">In stock</option>
          <option value="below_threshold">Low or out</option>
          <option value="low">Low</option>
          <option value="out_of_stock">Out of stock</option>
        </SelectField>
        {(
          [
            ['organic', 'Organic'],
            ['today_special', 'Today special'],
            ['new_arrival', 'New arrival'],
          ] as const
        ).map(([name, label]) => (
          <SelectField key={name} label={label} className="col" {...bind(name)}>
            <option value="">All</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </SelectField>
        ))}
      </div>
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
