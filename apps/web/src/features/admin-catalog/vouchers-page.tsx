import { type AdminVoucher, type AdminVoucherPage, VOUCHER_STATES } from '@pasal/contract/admin-vouchers';
import Badge from 'react-bootstrap/Badge';
import { ConsoleScreen } from '../../components/console/console-screen';
import type { Column } from '../../components/console/data-table';
import { CheckField, SelectField } from '../../components/console/fields';
import { FormFields } from '../../components/console/form-fields';
import { PagedTable } from '../../components/console/paged-table';
import { actionsColumn, DeleteDialog, ResourceForm } from '../../components/console/resource-dialogs';
import { useConsoleResource } from '../../components/console/use-console-resource';
import { formatNepalTime, formatRupees } from '../admin/format';
import { ListSearch } from '../admin/list-search';
import { useAdminData } from '../admin/use-admin-data';
import { useListParams } from '../admin/use-list-params';
import { createVoucher, deleteVoucher, updateVoucher } from './admin-catalog-api';
import { VOUCHER_FIELDS, VOUCHER_LABELS, voucherBody, voucherToForm } from './voucher-form';

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
  const vouchers = useConsoleResource({
    noun: 'Voucher',
    name: (v: AdminVoucher) => v.code,
    toForm: voucherToForm,
    toBody: voucherBody,
    save: async (body: unknown, voucher) =>
      (voucher ? await updateVoucher(voucher.id, body as never) : await createVoucher(body as never)).voucher,
    refresh: list.reload,
    remove: (voucher) => deleteVoucher(voucher.id, voucher.version),
    failed: 'Could not delete the voucher',
  });
  const { form } = vouchers;

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
    actionsColumn(vouchers),
  ];

  return (
    <ConsoleScreen
      heading="Vouchers"
      headingId="vouchers-heading"
      newLabel="New voucher"
      onNew={() => form.start()}
    >
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
      <PagedTable
        list={list}
        params={params}
        set={set}
        summary={(count) => `${count} vouchers · times in Nepal time`}
        caption="Vouchers"
        columns={columns}
        empty="No vouchers match."
        pages="Voucher pages"
      />
      <ResourceForm resource={vouchers} labels={VOUCHER_LABELS}>
        {form.record ? (
          <p className="small">
            Used {form.record.uses_so_far} times so far (cancelled orders release their use).
          </p>
        ) : null}
        <div className="row">
          <FormFields fields={VOUCHER_FIELDS} form={form} />
        </div>
        <CheckField label="Active" checked={form.values.is_active} onChange={form.set('is_active')} />
        <CheckField
          label="Listed in carts (every customer sees it)"
          checked={form.values.is_listed}
          onChange={form.set('is_listed')}
        />
      </ResourceForm>
      <DeleteDialog resource={vouchers}>
        A voucher any order used cannot be deleted; switch it off instead. This cannot be undone.
      </DeleteDialog>
    </ConsoleScreen>
  );
}
