import { type AdminFlashSale, FLASH_SALE_STATES } from '@pasal/contract/admin-flash-sales';
import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api-client';
import { useRequest } from '../../lib/use-request';
import { createFlashSale, deleteFlashSale, listFlashSales, updateFlashSale } from './admin-catalog-api';
import { ConfirmDialog } from './confirm-dialog';
import { EditModal } from './edit-modal';
import { CheckField, InputField, SelectField } from './fields';
import {
  FLASH_SALE_LABELS,
  type FlashSaleFormValues,
  flashSaleBody,
  flashSaleToForm,
} from './flash-sale-form';
import { differences, formatRupees, nepalDisplay } from './form-values';
import { Pager } from './pager';
import { ProductPicker } from './product-picker';
import { StaleNotice } from './stale-notice';
import { useEditForm } from './use-edit-form';

const STATE_BADGES = { scheduled: 'info', running: 'success', ended: 'secondary', inactive: 'dark' } as const;

/** /admin/flash-sales: sales with their windows in Nepal time. */
export function FlashSalesPage() {
  const [page, setPage] = useState(1);
  const [state, setState] = useState('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [reload, setReload] = useState(0);
  const [deleting, setDeleting] = useState<AdminFlashSale>();
  const [busy, setBusy] = useState(false);
  const list = useRequest((signal) => listFlashSales({ page, state, q }, signal), [page, state, q, reload]);
  useEffect(() => {
    document.title = 'Flash sales | Console | Pasal';
  }, []);
  const refresh = () => setReload((n) => n + 1);

  const form = useEditForm<AdminFlashSale, FlashSaleFormValues, unknown>({
    toForm: flashSaleToForm,
    toBody: flashSaleBody,
    save: async (body, sale) =>
      (sale ? await updateFlashSale(sale.id, body as never) : await createFlashSale(body as never))
        .flash_sale,
    saved: refresh,
    noun: 'Flash sale',
  });

  const remove = async (sale: AdminFlashSale) => {
    setBusy(true);
    try {
      await deleteFlashSale(sale.id, sale.version);
      toast.success('Flash sale deleted');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not delete the flash sale'));
    } finally {
      setBusy(false);
      setDeleting(undefined);
      refresh();
    }
  };

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
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <Form
          role="search"
          aria-label="Flash sales"
          className="d-flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setPage(1);
            setQ(search.trim());
          }}
        >
          <Form.Control
            type="search"
            aria-label="Search flash sales by product"
            placeholder="Product title or slug"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button type="submit" variant="outline-success">
            Search
          </Button>
        </Form>
        <SelectField
          label="State"
          className="mb-0"
          value={state}
          onChange={(value) => {
            setPage(1);
            setState(value);
          }}
        >
          <option value="">All</option>
          {FLASH_SALE_STATES.map((s) => (
            <option key={s} value={s}>
              {s[0].toUpperCase() + s.slice(1)}
            </option>
          ))}
        </SelectField>
      </div>
      {list.error ? (
        <p role="alert" className="text-danger">
          {errorMessage(list.error, 'Could not load the flash sales')}
        </p>
      ) : null}
      <p aria-live="polite" className="small text-body-secondary">
        {list.loading ? 'Loading…' : `${list.data?.count ?? 0} flash sales · times in Nepal time`}
      </p>
      {list.data?.results.length ? (
        <div className="table-responsive">
          <Table hover size="sm" className="align-middle">
            <caption className="visually-hidden">Flash sales</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="text-end">
                  Sale price
                </th>
                <th scope="col">Starts</th>
                <th scope="col">Ends</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.results.map((sale) => (
                <tr key={sale.id}>
                  <td>{sale.product.title}</td>
                  <td className="text-end text-nowrap">
                    {formatRupees(sale.sale_price)}
                    <div className="small text-body-secondary">
                      regular <s>{formatRupees(sale.product.selling_price)}</s>
                    </div>
                  </td>
                  <td className="text-nowrap">{nepalDisplay(sale.starts_at)}</td>
                  <td className="text-nowrap">{nepalDisplay(sale.ends_at)}</td>
                  <td>
                    <Badge bg={STATE_BADGES[sale.state]}>{sale.state}</Badge>
                  </td>
                  <td className="text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-1"
                      onClick={() => form.start(sale)}
                      aria-label={`Edit the sale of ${sale.product.title}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setDeleting(sale)}
                      aria-label={`Delete the sale of ${sale.product.title}`}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : !list.loading ? (
        <p>No flash sales match.</p>
      ) : null}
      {list.data ? (
        <Pager
          label="Flash sale pages"
          page={page}
          pageSize={list.data.page_size}
          count={list.data.count}
          onPage={setPage}
        />
      ) : null}
      <EditModal
        show={form.open}
        title={form.record ? `Edit the sale of ${form.record.product.title}` : 'New flash sale'}
        submitLabel={form.record ? 'Save changes' : 'Create flash sale'}
        saving={form.saving}
        formError={form.errors._form}
        notice={
          form.theirs && form.record ? (
            <StaleNotice
              differences={differences(
                { ...form.record, product: form.record.product.title },
                { ...form.theirs, product: form.theirs.product.title },
                FLASH_SALE_LABELS,
              )}
              onReload={form.reload}
            />
          ) : null
        }
        onSubmit={() => void form.submit()}
        onHide={form.close}
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
        <CheckField label="Active" checked={form.values.is_active} onChange={form.set('is_active')} />
      </EditModal>
      <ConfirmDialog
        show={Boolean(deleting)}
        title="Delete this flash sale?"
        body={`The sale of ${deleting?.product.title ?? 'this product'} ends at once and is removed. To pause it instead, switch it off.`}
        confirmLabel="Delete flash sale"
        busy={busy}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </section>
  );
}
