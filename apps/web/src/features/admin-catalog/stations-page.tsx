import type { AdminStation, AdminStationPage } from '@pasal/contract/admin-stations';
import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api-client';
import { type Column, DataTable } from '../admin/data-table';
import { formatRupees } from '../admin/format';
import { ListSearch } from '../admin/list-search';
import { LoadProblem } from '../admin/load-problem';
import { Pager } from '../admin/pager';
import { RowActions } from '../admin/row-actions';
import { useAdminData } from '../admin/use-admin-data';
import { useListParams } from '../admin/use-list-params';
import { createStation, getStation, updateStation } from './admin-catalog-api';
import { CoverageEditor } from './coverage-editor';
import { EditFormModal } from './edit-form-modal';
import { CheckField, InputField, SelectField } from './fields';
import { LocalLevelPicker } from './local-level-picker';
import { STATION_LABELS, type StationFormValues, stationBody, stationToForm } from './station-form';
import { useEditForm } from './use-edit-form';

type Rule = AdminStation['rule'];

export const ruleText = (rule: Rule) =>
  `${formatRupees(rule.base_charge)} for the first ${rule.base_km} km, then ${formatRupees(rule.per_km_charge)} a km; ` +
  `${rule.free_from === null ? 'never free' : `free from ${formatRupees(rule.free_from)}`}; same day up to ${rule.same_day_km} km`;

const forNotice = (s: AdminStation) => ({
  ...s,
  location: `${s.location.municipality}, ${s.location.district}`,
  rule: ruleText(s.rule),
});

/** /admin/stations: delivery stations, where each delivers and what it charges. */
export function StationsPage() {
  const { params, query, set, bind } = useListParams({ sort: 'name', order: 'asc' }, ['q', 'active']);
  const [coverageOf, setCoverageOf] = useState<AdminStation>();
  const list = useAdminData<AdminStationPage>('/delivery-stations/', query);
  const refresh = list.reload;
  useEffect(() => {
    document.title = 'Delivery stations | Console | Pasal';
  }, []);

  const form = useEditForm<AdminStation, StationFormValues, unknown>({
    toForm: stationToForm,
    toBody: stationBody,
    save: async (body, station) =>
      (station ? await updateStation(station.id, body as never) : await createStation(body as never)).station,
    saved: refresh,
    noun: 'Station',
  });

  const open = async (id: number, then: (station: AdminStation) => void) => {
    try {
      then((await getStation(id)).station);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not load the station'));
    }
  };

  const columns: Column<AdminStationPage['results'][number]>[] = [
    {
      key: 'name',
      header: 'Station',
      sortKey: 'name',
      render: (s) => (
        <>
          <strong>{s.name}</strong>
          <span className="d-block small text-body-secondary">
            {s.address ? `${s.address}, ` : ''}
            {s.location.municipality}, {s.location.district}
          </span>
        </>
      ),
    },
    { key: 'serves', header: 'Serves', render: (s) => `${s.coverage_count} local levels` },
    { key: 'rule', header: 'Charge rule', render: (s) => <span className="small">{ruleText(s.rule)}</span> },
    {
      key: 'status',
      header: 'Status',
      render: (s) => (
        <Badge bg={s.is_active ? 'success' : 'secondary'}>{s.is_active ? 'Active' : 'Inactive'}</Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (s) => (
        <RowActions nowrap name={s.name} onEdit={() => void open(s.id, form.start)}>
          <Button
            size="sm"
            variant="outline-secondary"
            aria-label={`Coverage of ${s.name}`}
            onClick={() => void open(s.id, setCoverageOf)}
          >
            Coverage
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <section aria-labelledby="stations-heading">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 id="stations-heading" className="h3 mb-0">
          Delivery stations
        </h1>
        <Button variant="success" onClick={() => form.start()}>
          New station
        </Button>
      </div>
      <ListSearch
        name="Delivery stations"
        search={{
          ...bind('q'),
          label: 'Search stations by name or address',
          placeholder: 'Name or address',
        }}
      >
        <SelectField label="Status" className="mb-0" {...bind('active')}>
          <option value="">All</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </SelectField>
      </ListSearch>
      {list.problem ? <LoadProblem problem={list.problem} onRetry={list.reload} /> : null}
      <p aria-live="polite" className="small text-body-secondary">
        {list.loading ? 'Loading…' : `${list.data?.count ?? 0} stations`}
      </p>
      <DataTable
        caption="Delivery stations"
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(row) => row.id}
        sort={params.sort}
        order={params.order}
        onSort={(sort, order) => set({ sort, order })}
        loading={list.loading}
        empty="No stations match."
      />
      <Pager
        label="Station pages"
        page={params.page}
        pageSize={list.data?.page_size ?? 20}
        count={list.data?.count ?? 0}
        onPage={(page) => set({ page })}
      />
      <EditFormModal
        form={form}
        title={form.record ? `Edit ${form.record.name}` : 'New delivery station'}
        createLabel="Create station"
        labels={STATION_LABELS}
        compareAs={forNotice}
      >
        <InputField
          label="Name"
          required
          value={form.values.name}
          onChange={form.set('name')}
          error={form.errors.name}
        />
        <InputField
          label="Address"
          value={form.values.address}
          onChange={form.set('address')}
          error={form.errors.address}
        />
        <LocalLevelPicker
          purpose="station"
          value={form.values.location}
          onChange={form.set('location')}
          error={form.errors.municipality}
        />
        <CheckField
          label="Active (serves its local levels)"
          className="mb-3"
          checked={form.values.is_active}
          onChange={form.set('is_active')}
        />
        <fieldset>
          <legend className="h6">Delivery charge rule</legend>
          <p className="small text-body-secondary">
            Left blank on a new station, each takes the shop’s default.
          </p>
          <div className="row">
            <InputField
              label="Base charge (Rs)"
              inputMode="decimal"
              className="col-6 col-md-4 mb-3"
              value={form.values.base_charge}
              onChange={form.set('base_charge')}
              error={form.errors.base_charge}
            />
            <InputField
              label="Base km"
              inputMode="numeric"
              className="col-6 col-md-4 mb-3"
              value={form.values.base_km}
              onChange={form.set('base_km')}
              error={form.errors.base_km}
            />
            <InputField
              label="Per-km charge (Rs)"
              inputMode="decimal"
              className="col-6 col-md-4 mb-3"
              value={form.values.per_km_charge}
              onChange={form.set('per_km_charge')}
              error={form.errors.per_km_charge}
            />
            <InputField
              label="Free from (Rs)"
              inputMode="decimal"
              className="col-6 col-md-4 mb-3"
              hint="Orders worth this much travel free; blank: never"
              value={form.values.free_from}
              onChange={form.set('free_from')}
              error={form.errors.free_from}
            />
            <InputField
              label="Same-day km"
              inputMode="numeric"
              className="col-6 col-md-4 mb-3"
              hint="Same day up to this distance"
              value={form.values.same_day_km}
              onChange={form.set('same_day_km')}
              error={form.errors.same_day_km}
            />
          </div>
        </fieldset>
      </EditFormModal>
      {coverageOf ? (
        <CoverageEditor
          station={coverageOf}
          onClose={() => setCoverageOf(undefined)}
          onSaved={() => {
            setCoverageOf(undefined);
            refresh();
          }}
        />
      ) : null}
    </section>
  );
}
