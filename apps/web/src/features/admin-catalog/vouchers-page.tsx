import { type AdminVoucher, type AdminVoucherPage, VOUCHER_STATES } from '@pasal/contract/admin-vouchers';
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
import { createVoucher, deleteVoucher, updateVoucher } from './admin-catalog-api';
import { EditFormModal } from './edit-form-modal';
import { CheckField, InputField, SelectField } from './fields';
import { useCatalogChange } from './use-catalog-change';
import { useDeleteDialog } from './use-delete-dialog';
import { useEditForm } from './use-edit-form';
import { VOUCHER_LABELS, type VoucherFormValues, voucherBody, voucherToForm } from './voucher-form';

const STATE_LABELS = {
  live: 'Live',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  inactive: 'Inactive',
} as const;

const discountText = (v: AdminVoucher) =>
  v.voucher_type === 'Percentage'
    ? `${v.discount_percentage}% off${v.maximum_discount !== null ? `, at most ${formatRupees(v.maximum_discount)}` : ''}`
    : `${formatRupees(v.discount_amount)} off`;

/** /admin/vouchers: promo codes with every rule and their uses so far. */
export function VouchersPage() {
  const { params, query, set, bind } = useListParams({ sort: 'created_at', order: 'desc' }, ['q', 'state']);
  const list = useAdminData<AdminVoucherPage>('/vouchers/', query);
  const refresh = list.reload;
  useEffect(() => {
    document.title = 'Vouchers | Console | Pasal';
  }, []);

  const form = useEditForm<AdminVoucher, VoucherFormValues, unknown>({
    toForm: voucherToForm,
    toBody: voucherBody,
    save: async (body, voucher) =>
      (voucher ? await updateVoucher(voucher.id, body as never) : await createVoucher(body as never)).voucher,
    saved: refresh,
    noun: 'Voucher',
  });
  const percentage = form.values.voucher_type === 'Percentage';

  const { busy, run } = useCatalogChange({ failed: 'Could not delete the voucher', after: refresh });
  const deleting = useDeleteDialog((voucher: AdminVoucher) =>
    run(() => deleteVoucher(voucher.id, voucher.version), 'Voucher deleted'),
  );

  const columns: Column<AdminVoucher>[] = [
    { key: 'code', header: 'Code', sortKey: 'code', render: (v) => <code>{v.code}</code> },
    { key: 'discount', header: 'Discount', render: discountText },
    {
      key: 'minimum',
      header: 'Minimum order',
      numeric: true,
      render: (v) => <span className="text-nowrap">{formatRupees(v.minimum_order_value)}</span>,
    },
    {
      key: 'uses',
      header: 'Uses',
      sortKey: 'uses_so_far',
      render: (v) => (
        <span className="text-nowrap">
          {v.uses_so_far} of {v.usage_limit ?? 'unlimited'}
          {v.per_customer_limit !== null ? (
            <span className="d-block small text-body-secondary">{v.per_customer_limit} per customer</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'valid',
      header: 'Valid',
      sortKey: 'valid_to',
      render: (v) => (
        <span className="small">
          {v.valid_from ? `from ${formatNepalTime(v.valid_from)}` : 'from now'}
          <br />
          {v.valid_to ? `until ${formatNepalTime(v.valid_to)}` : 'no end'}
        </span>
      ),
    },
    {
      key: 'state',
      header: 'State',
      render: (v) => <Badge bg={v.state === 'live' ? 'success' : 'secondary'}>{STATE_LABELS[v.state]}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (v) => (
        <RowActions nowrap name={v.code} onEdit={() => form.start(v)} onDelete={() => deleting.ask(v)} />
      ),
    },
  ];

  return (
    <section aria-labelledby="vouchers-heading">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 id="vouchers-heading" className="h3 mb-0">
          Vouchers
        </h1>
        <Button variant="success" onClick={() => form.start()}>
          New voucher
        </Button>
      </div>
      <ListSearch
        name="Vouchers"
        search={{
          ...bind('q'),
          label: 'Search vouchers by code',
          placeholder: 'Code',
        }}
      >
        <SelectField label="State" className="mb-0" {...bind('state')}>
          <option value="">All</option>
          {VOUCHER_STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </ListSearch>
      {list.problem ? <LoadProblem problem={list.problem} onRetry={list.reload} /> : null}
      <p aria-live="polite" className="small text-body-secondary">
        {list.loading ? 'Loading…' : `${list.data?.count ?? 0} vouchers · times in Nepal time`}
      </p>
      <DataTable
        caption="Vouchers"
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(row) => row.id}
        sort={params.sort}
        order={params.order}
        onSort={(sort, order) => set({ sort, order })}
        loading={list.loading}
        empty="No vouchers match."
      />
      <Pager
        label="Voucher pages"
        page={params.page}
        pageSize={list.data?.page_size ?? 20}
        count={list.data?.count ?? 0}
        onPage={(page) => set({ page })}
      />
      <EditFormModal
        form={form}
        title={form.record ? `Edit ${form.record.code}` : 'New voucher'}
        createLabel="Create voucher"
        labels={VOUCHER_LABELS}
      >
        {form.record ? (
          <p className="small">
            Used {form.record.uses_so_far} times so far (cancelled orders release their use).
          </p>
        ) : null}
        <div className="row">
          <InputField
            label="Code"
            className="col-sm-6 mb-3"
            required
            hint="Letters, digits, - and _; shoppers may type it in any case"
            value={form.values.code}
            onChange={form.set('code')}
            error={form.errors.code}
          />
          <SelectField
            label="Type"
            className="col-sm-6 mb-3"
            value={form.values.voucher_type}
            onChange={(t) => form.set('voucher_type')(t as VoucherFormValues['voucher_type'])}
            error={form.errors.voucher_type}
          >
            <option value="Percentage">Percentage off</option>
            <option value="Amount">Fixed amount off</option>
          </SelectField>
          {percentage ? (
            <>
              <InputField
                label="Percentage off"
                inputMode="decimal"
                className="col-sm-6 mb-3"
                required
                value={form.values.discount_percentage}
                onChange={form.set('discount_percentage')}
                error={form.errors.discount_percentage}
              />
              <InputField
                label="Maximum discount (Rs)"
                inputMode="decimal"
                className="col-sm-6 mb-3"
                hint="Blank: no cap"
                value={form.values.maximum_discount}
                onChange={form.set('maximum_discount')}
                error={form.errors.maximum_discount}
              />
            </>
          ) : (
            <InputField
              label="Amount off (Rs)"
              inputMode="decimal"
              className="col-sm-6 mb-3"
              required
              value={form.values.discount_amount}
              onChange={form.set('discount_amount')}
              error={form.errors.discount_amount}
            />
          )}
          <InputField
            label="Minimum order value (Rs)"
            inputMode="decimal"
            className="col-sm-6 mb-3"
            value={form.values.minimum_order_value}
            onChange={form.set('minimum_order_value')}
            error={form.errors.minimum_order_value}
          />
          <InputField
            label="Usage limit"
            inputMode="numeric"
            className="col-sm-6 mb-3"
            hint="Uses by everybody; blank: unlimited"
            value={form.values.usage_limit}
            onChange={form.set('usage_limit')}
            error={form.errors.usage_limit}
          />
          <InputField
            label="Per-customer limit"
            inputMode="numeric"
            className="col-sm-6 mb-3"
            hint="Blank: unlimited"
            value={form.values.per_customer_limit}
            onChange={form.set('per_customer_limit')}
            error={form.errors.per_customer_limit}
          />
          <InputField
            label="Valid from (Nepal time)"
            type="datetime-local"
            className="col-sm-6 mb-3"
            hint="Blank: from now on"
            value={form.values.valid_from}
            onChange={form.set('valid_from')}
            error={form.errors.valid_from}
          />
          <InputField
            label="Valid to (Nepal time)"
            type="datetime-local"
            className="col-sm-6 mb-3"
            hint="Blank: never ends"
            value={form.values.valid_to}
            onChange={form.set('valid_to')}
            error={form.errors.valid_to}
          />
        </div>
        <CheckField label="Active" checked={form.values.is_active} onChange={form.set('is_active')} />
      </EditFormModal>
      <ConfirmDialog
        show={deleting.show}
        title={`Delete ${deleting.target?.code ?? 'this voucher'}?`}
        confirmLabel="Delete voucher"
        busy={busy}
        onCancel={deleting.onCancel}
        onConfirm={deleting.onConfirm}
      >
        A voucher any order used cannot be deleted; switch it off instead. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
