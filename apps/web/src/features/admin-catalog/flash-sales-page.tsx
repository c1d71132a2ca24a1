import {
  type AdminFlashSale,
  type AdminFlashSalePage,
  FLASH_SALE_STATES,
} from '@pasal/contract/admin-flash-sales';
import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ConfirmDialog } from '../admin/confirm-dialog';
import { type Column, DataTable } from '../admin/data-table';
import { formatNepalTime, formatRupees } from '../admin/format';
import { ListSearch } from '../admin/list-search';
import { LoadProblem } from '../admin/load-problem';
import { Pager } from '../admin/pager';
import { RowActions } from '../admin/row-actions';
import { useAdminData } from '../admin/use-admin-data';
import { useListParams } from '../admin/use-list-params';
import { createFlashSale, deleteFlashSale, updateFlashSale } from './admin-catalog-api';
import { EditFormModal } from './edit-form-modal';
import { CheckField, InputField, SelectField } from './fields';
import {
  FLASH_SALE_LABELS,
  type FlashSaleFormValues,
  flashSaleBody,
  flashSaleToForm,
} from './flash-sale-form';
import { ProductPicker } from './product-picker';
import { useCatalogChange } from './use-catalog-change';
import { useDeleteDialog } from './use-delete-dialog';
import { useEditForm } from './use-edit-form';

const STATE_BADGES = { scheduled: 'info', running: 'success', ended: 'secondary', inactive: 'dark' } as const;

/** /admin/flash-sales: sales with their windows in Nepal time. */
export function FlashSalesPage() {
  const { params, query, set, bind } = useListParams({ sort: 'starts_at', order: 'desc' }, ['q', 'state']);
  const list = useAdminData<AdminFlashSalePage>('/flash-sales/', query);
  const refresh = list.reload;
  useEffect(() => {
    document.title = 'Flash sales | Console | Pasal';
  }, []);

  const form = useEditForm<AdminFlashSale, FlashSaleFormValues, unknown>({
    toForm: flashSaleToForm,
    toBody: flashSaleBody,
    save: async (body, sale) =>
      (sale ? await updateFlashSale(sale.id, body as never) : await createFlashSale(body as never))
        .flash_sale,
    saved: refresh,
    noun: 'Flash sale',
  });

  const { busy, run } = useCatalogChange({ failed: 'Could not delete the flash sale', after: refresh });
  const deleting = useDeleteDialog((sale: AdminFlashSale) =>
    run(() => deleteFlashSale(sale.id, sale.version), 'Flash sale deleted'),
  );

  const columns: Column<AdminFlashSale>[] = [
    { key: 'product', header: 'Product', render: (sale) => sale.product.title },
    {
      key: 'price',
      header: 'Sale price',
      numeric: true,
      render: (sale) => (
        <span className="text-nowrap">
          {formatRupees(sale.sale_price)}
          <span className="d-block small text-body-secondary">
            regular <s>{formatRupees(sale.product.selling_price)}</s>
          </span>
        </span>
      ),
    },
    {
      key: 'starts',
      header: 'Starts',
      sortKey: 'starts_at',
      render: (sale) => formatNepalTime(sale.starts_at),
    },
    { key: 'ends', header: 'Ends', sortKey: 'ends_at', render: (sale) => formatNepalTime(sale.ends_at) },
    {
      key: 'limit',
      header: 'Per customer',
      numeric: true,
      render: (sale) => sale.per_customer_limit,
    },
    {
      key: 'state',
      header: 'State',
      render: (sale) => <Badge bg={STATE_BADGES[sale.state]}>{sale.state}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (sale) => (
        <RowActions
          nowrap
          name={`the sale of ${sale.product.title}`}
          onEdit={() => form.start(sale)}
          onDelete={() => deleting.ask(sale)}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="sales-heading">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 id="sales-heading" className="h3 mb-0">
          Flash sales
        </h1>
        <Button variant="success" onClick={() => form.start()}>
          New flash sale
        </Button>
      </div>
      <ListSearch
        name="Flash sales"
        search={{
          ...bind('q'),
          label: 'Search flash sales by product',
          placeholder: 'Product title or slug',
        }}
      >
        <SelectField label="State" className="mb-0" {...bind('state')}>
          <option value="">All</option>
          {FLASH_SALE_STATES.map((s) => (
            <option key={s} value={s}>
              {s[0].toUpperCase() + s.slice(1)}
            </option>
          ))}
        </SelectField>
      </ListSearch>
      {list.problem ? <LoadProblem problem={list.problem} onRetry={list.reload} /> : null}
      <p aria-live="polite" className="small text-body-secondary">
        {list.loading ? 'Loading…' : `${list.data?.count ?? 0} flash sales · times in Nepal time`}
      </p>
      <DataTable
        caption="Flash sales"
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(row) => row.id}
        sort={params.sort}
        order={params.order}
        onSort={(sort, order) => set({ sort, order })}
        loading={list.loading}
        empty="No flash sales match."
      />
      <Pager
        label="Flash sale pages"
        page={params.page}
        pageSize={list.data?.page_size ?? 20}
        count={list.data?.count ?? 0}
        onPage={(page) => set({ page })}
      />
      <EditFormModal
        form={form}
        title={form.record ? `Edit the sale of ${form.record.product.title}` : 'New flash sale'}
        createLabel="Create flash sale"
        labels={FLASH_SALE_LABELS}
        compareAs={(sale) => ({ ...sale, product: sale.product.title })}
      >
        <ProductPicker
          value={form.values.product}
          onChange={form.set('product')}
          error={form.errors.product}
        />
        <InputField
          label="Sale price (Rs)"
          inputMode="decimal"
          required
          hint={
            form.values.product
              ? `Below the regular ${formatRupees(form.values.product.selling_price)}`
              : undefined
          }
          value={form.values.sale_price}
          onChange={form.set('sale_price')}
          error={form.errors.sale_price}
        />
        <div className="row">
          <InputField
            label="Starts (Nepal time)"
            type="datetime-local"
            className="col-sm-6 mb-3"
            required
            value={form.values.starts_at}
            onChange={form.set('starts_at')}
            error={form.errors.starts_at}
          />
          <InputField
            label="Ends (Nepal time)"
            type="datetime-local"
            className="col-sm-6 mb-3"
            required
            value={form.values.ends_at}
            onChange={form.set('ends_at')}
            error={form.errors.ends_at}
          />
        </div>
        <InputField
          label="Limit per customer"
          inputMode="numeric"
          required
          hint="Units one customer may buy in this sale, counting their cart and the orders placed during it"
          value={form.values.per_customer_limit}
          onChange={form.set('per_customer_limit')}
          error={form.errors.per_customer_limit}
        />
        <CheckField label="Active" checked={form.values.is_active} onChange={form.set('is_active')} />
      </EditFormModal>
      <ConfirmDialog
        show={deleting.show}
        title="Delete this flash sale?"
        confirmLabel="Delete flash sale"
        busy={busy}
        onCancel={deleting.onCancel}
        onConfirm={deleting.onConfirm}
      >
        {`The sale of ${deleting.target?.product.title ?? 'this product'} ends at once and is removed. To pause it instead, switch it off.`}
      </ConfirmDialog>
    </section>
  );
}
