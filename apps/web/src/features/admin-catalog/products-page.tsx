import type { AdminProductListQuery } from '@pasal/contract/admin-products';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useRequest } from '../../lib/use-request';
import { getCategoryTree, listProducts } from './admin-catalog-api';
import { CategoryOptions } from './category-options';
import { SelectField } from './fields';
import { formatRupees } from './form-values';
import { Pager } from './pager';

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

/** /admin/products: search, filters and paging, all in the address so a page can be shared. */
export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const page = Number(params.get('page') ?? '1') || 1;
  const query: AdminProductListQuery = { page: String(page), page_size: '20' };
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) (query as Record<string, string>)[name] = value;
  }
  const key = params.toString();
  const list = useRequest((signal) => listProducts(query, signal), [key]);
  const tree = useRequest((signal) => getCategoryTree(signal), []);

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };

  return (
    <section aria-labelledby="products-heading">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 id="products-heading" className="h3 mb-0">
          Products
        </h1>
        <Link to="new" className="btn btn-success">
          New product
        </Link>
      </div>
      <Form
        role="search"
        aria-label="Products"
        className="d-flex gap-2 mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter('q', search.trim());
        }}
      >
        <Form.Control
          type="search"
          aria-label="Search products by title, Nepali title, slug or id"
          placeholder="Search title, slug or id"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit" variant="outline-success">
          Search
        </Button>
      </Form>
      <div className="row row-cols-2 row-cols-md-3 row-cols-lg-6 g-2 mb-2">
        <SelectField
          label="Category"
          className="col"
          value={params.get('category') ?? ''}
          onChange={(v) => setFilter('category', v)}
        >
          <option value="">All</option>
          <CategoryOptions tree={tree.data?.results ?? []} />
        </SelectField>
        <SelectField
          label="Status"
          className="col"
          value={params.get('active') ?? ''}
          onChange={(v) => setFilter('active', v)}
        >
          <option value="">All</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </SelectField>
        <SelectField
          label="Stock"
          className="col"
          value={params.get('stock_state') ?? ''}
          onChange={(v) => setFilter('stock_state', v)}
        >
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
          <SelectField
            key={name}
            label={label}
            className="col"
            value={params.get(name) ?? ''}
            onChange={(v) => setFilter(name, v)}
          >
            <option value="">All</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </SelectField>
        ))}
      </div>
      {list.error ? (
        <p role="alert" className="text-danger">
          {errorMessage(list.error, 'Could not load the products')}
        </p>
      ) : null}
      <p aria-live="polite" className="text-body-secondary small">
        {list.loading ? 'Loading…' : `${list.data?.count ?? 0} products`}
      </p>
      {list.data?.results.length ? (
        <div className="table-responsive">
          <Table hover size="sm" className="align-middle">
            <caption className="visually-hidden">Products</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Category</th>
                <th scope="col" className="text-end">
                  Price
                </th>
                <th scope="col" className="text-end">
                  Stock
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.data.results.map((p) => (
                <tr key={p.id}>
                  <td>
                    <div className="d-flex align-items-center gap-2">
                      {p.thumbnail ? (
                        <img src={p.thumbnail} alt="" width={40} height={40} className="rounded border" />
                      ) : null}
                      <div>
                        <Link to={String(p.id)}>{p.title}</Link>
                        {p.nepali_title ? (
                          <div lang="ne" className="small text-body-secondary">
                            {p.nepali_title}
                          </div>
                        ) : null}
                      </div>
                    </div>
                  </td>
                  <td>{p.category_title}</td>
                  <td className="text-end text-nowrap">
                    {formatRupees(p.current_price)}
                    {p.current_price !== p.selling_price ? (
                      <div className="small text-body-secondary">
                        regular <s>{formatRupees(p.selling_price)}</s>
                      </div>
                    ) : null}
                  </td>
                  <td className="text-end">
                    {p.stock}
                    <div className="small">{STOCK_LABELS[p.stock_state]}</div>
                  </td>
                  <td>
                    <Badge bg={p.is_active ? 'success' : 'secondary'}>
                      {p.is_active ? 'Active' : 'Inactive'}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : !list.loading && !list.error ? (
        <p>No products match.</p>
      ) : null}
      {list.data ? (
        <Pager
          label="Products pages"
          page={page}
          pageSize={list.data.page_size}
          count={list.data.count}
          onPage={(n) => {
            const next = new URLSearchParams(params);
            next.set('page', String(n));
            setParams(next);
          }}
        />
      ) : null}
    </section>
  );
}
