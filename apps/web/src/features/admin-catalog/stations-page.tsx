import type { AdminStation, AdminStationPage } from '@pasal/contract/admin-stations';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { ConsoleScreen } from '../../components/console/console-screen';
import type { Column } from '../../components/console/data-table';
import { CheckField, InputField, SelectField } from '../../components/console/fields';
import { FormFields } from '../../components/console/form-fields';
import { PagedTable } from '../../components/console/paged-table';
import { ResourceForm } from '../../components/console/resource-dialogs';
import { RowActions } from '../../components/console/row-actions';
import { useConsoleResource } from '../../components/console/use-console-resource';
import { errorMessage } from '../../lib/api-client';
import { formatRupees } from '../admin/format';
import { ListSearch } from '../admin/list-search';
import { useAdminData } from '../admin/use-admin-data';
import { useListParams } from '../admin/use-list-params';
import { createStation, getStation, updateStation } from './admin-catalog-api';
import { CoverageEditor } from './coverage-editor';
import { LocalLevelPicker } from './local-level-picker';
import { SlotsEditor } from './slots-editor';
import { STATION_LABELS, STATION_RULE_FIELDS, stationBody, stationToForm } from './station-form';

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
  const [slotsOf, setSlotsOf] = useState<AdminStation>();
  const list = useAdminData<AdminStationPage>('/delivery-stations/', query);
  const refresh = list.reload;
  const stations = useConsoleResource({
    noun: 'Station',
    name: (s: AdminStation) => s.name,
    toForm: stationToForm,
    toBody: stationBody,
    save: async (body: unknown, station) =>
      (station ? await updateStation(station.id, body as never) : await createStation(body as never)).station,
    refresh,
    failed: 'Could not save the station',
  });
  const { form } = stations;

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
          <Button
            size="sm"
            variant="outline-secondary"
            aria-label={`Slots of ${s.name}`}
            onClick={() => void open(s.id, setSlotsOf)}
          >
            Slots
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <ConsoleScreen
      heading="Delivery stations"
      headingId="stations-heading"
      newLabel="New station"
      onNew={() => form.start()}
    >
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
      <PagedTable
        list={list}
        params={params}
        set={set}
        summary={(count) => `${count} stations`}
        caption="Delivery stations"
        columns={columns}
        empty="No stations match."
        pages="Station pages"
      />
      <ResourceForm
        resource={stations}
        newTitle="New delivery station"
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
            <FormFields fields={STATION_RULE_FIELDS} form={form} />
          </div>
        </fieldset>
      </ResourceForm>
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
      {slotsOf ? (
        <SlotsEditor
          station={slotsOf}
          onClose={() => setSlotsOf(undefined)}
          onSaved={() => {
            setSlotsOf(undefined);
            refresh();
          }}
        />
      ) : null}
    </ConsoleScreen>
  );
}
