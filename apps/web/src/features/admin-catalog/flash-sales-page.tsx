import {
  type AdminFlashSale,
  type AdminFlashSalePage,
  FLASH_SALE_STATES,
} from '@pasal/contract/admin-flash-sales';
import Badge from 'react-bootstrap/Badge';
import { ConsoleScreen } from '../../components/console/console-screen';
import type { Column } from '../../components/console/data-table';
import { CheckField, InputField, SelectField } from '../../components/console/fields';
import { MissingNepaliBadge } from '../../components/console/missing-nepali-badge';
import { PagedTable } from '../../components/console/paged-table';
import { actionsColumn, DeleteDialog, ResourceForm } from '../../components/console/resource-dialogs';
import { useConsoleResource } from '../../components/console/use-console-resource';
import { formatNepalTime, formatRupees } from '../admin/format';
import { ListSearch } from '../admin/list-search';
import { useAdminData } from '../admin/use-admin-data';
import { useListParams } from '../admin/use-list-params';
import { createFlashSale, deleteFlashSale, updateFlashSale } from './admin-catalog-api';
import { FLASH_SALE_LABELS, flashSaleBody, flashSaleToForm } from './flash-sale-form';
import { ProductPicker } from './product-picker';

const STATE_BADGES = { scheduled: 'info', running: 'success', ended: 'secondary', inactive: 'dark' } as const;

/** /admin/flash-sales: sales with their windows in Nepal time. */
export function FlashSalesPage() {
  const { params, query, set, bind } = useListParams({ sort: 'starts_at', order: 'desc' }, ['q', 'state']);
  const list = useAdminData<AdminFlashSalePage>('/flash-sales/', query);
  const sales = useConsoleResource({
    noun: 'Flash sale',
    name: (sale: AdminFlashSale) => `the sale of ${sale.product.title}`,
    toForm: flashSaleToForm,
    toBody: flashSaleBody,
    save: async (body: unknown, sale) =>
      (sale ? await updateFlashSale(sale.id, body as never) : await createFlashSale(body as never))
        .flash_sale,
    refresh: list.reload,
    remove: (sale) => deleteFlashSale(sale.id, sale.version),
    failed: 'Could not delete the flash sale',
  });
  const { form } = sales;

  const columns: Column<AdminFlashSale>[] = [
    {
      key: 'product',
      header: 'Product',
      render: (sale) => (
        <>
          {sale.product.title}
          <MissingNepaliBadge nepali={sale.product.nepali_title} />
        </>
      ),
    },
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
    actionsColumn(sales),
  ];

  return (
    <ConsoleScreen
      heading="Flash sales"
      headingId="sales-heading"
      newLabel="New flash sale"
      onNew={() => form.start()}
    >
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
      <PagedTable
        list={list}
        params={params}
        set={set}
        summary={(count) => `${count} flash sales · times in Nepal time`}
        caption="Flash sales"
        columns={columns}
        empty="No flash sales match."
        pages="Flash sale pages"
      />
      <ResourceForm
        resource={sales}
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
      </ResourceForm>
      <DeleteDialog resource={sales} title="Delete this flash sale?">
        {(sale) =>
          `The sale of ${sale?.product.title ?? 'this product'} ends at once and is removed. To pause it instead, switch it off.`
        }
      </DeleteDialog>
    </ConsoleScreen>
  );
}
