import type { AdminStation } from '@pasal/contract/admin-stations';
import { Fragment, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InputField } from '../../components/console/fields';
import { RemovableRows, useWholeListEdit, WholeListDialog } from '../../components/console/whole-list-dialog';
import { replaceCoverage } from './admin-catalog-api';
import { type LocalLevel, LocalLevelPicker, noLocalLevel } from './local-level-picker';
import { type CoverageRow, coverageBody } from './station-form';

const coverageText = (station: AdminStation) =>
  station.coverage.map((c) => `${c.municipality} ${c.distance_km} km`).join(', ');

const rowsOf = (station: AdminStation): CoverageRow[] =>
  station.coverage.map((c) => ({
    municipality_id: c.municipality_id,
    municipality: c.municipality,
    district: c.district,
    distance: String(c.distance_km),
  }));

interface CoverageEditorProps {
  station: AdminStation;
  onClose(): void;
  onSaved(): void;
}

/** The local levels a station serves, each with its road distance; saved as a whole. */
export function CoverageEditor({ station: opened, onClose, onSaved }: CoverageEditorProps) {
  const edit = useWholeListEdit(
    opened,
    { saved: 'Coverage saved', failed: 'Could not save the coverage' },
    onSaved,
  );
  const [rows, setRows] = useState<CoverageRow[]>(() => rowsOf(opened));
  const [adding, setAdding] = useState<LocalLevel>(noLocalLevel);
  const [distance, setDistance] = useState('');

  const add = () => {
    if (!adding.municipality_id) {
      edit.setError('Choose the local level to add');
      return;
    }
    if (rows.some((r) => r.municipality_id === adding.municipality_id)) {
      edit.setError(`${adding.name} is already in the list`);
      return;
    }
    edit.setError(undefined);
    setRows((r) => [
      ...r,
      {
        municipality_id: adding.municipality_id as number,
        municipality: adding.name,
        district: adding.district,
        distance,
      },
    ]);
    setAdding({ ...adding, municipality_id: null, name: '' });
    setDistance('');
  };

  const save = () => {
    const checked = coverageBody(rows);
    if (!checked.ok) {
      edit.setError(checked.error);
      return;
    }
    void edit.save((station) =>
      replaceCoverage(station.id, { version: station.version, coverage: checked.coverage }),
    );
  };

  return (
    <WholeListDialog
      edit={edit}
      title={`Local levels served by ${edit.record.name}`}
      submitLabel="Save coverage"
      summary={coverageText}
      summaryLabel="Local levels served"
      onUseTheirs={(theirs) => setRows(rowsOf(theirs))}
      onSubmit={save}
      onHide={onClose}
    >
      <RemovableRows
        columns={['Local level', 'Road distance (km)']}
        rows={rows}
        rowKey={(row) => row.municipality_id}
        cells={(row, index) => [
          <Fragment key="place">
            {row.municipality}
            <div className="small text-body-secondary">{row.district}</div>
          </Fragment>,
          <Form.Control
            key="distance"
            size="sm"
            inputMode="decimal"
            aria-label={`Distance to ${row.municipality} in km`}
            value={row.distance}
            onChange={(e) =>
              setRows((all) => all.map((r, i) => (i === index ? { ...r, distance: e.target.value } : r)))
            }
          />,
        ]}
        removeLabel={(row) => `Remove ${row.municipality}`}
        onRemove={(index) => setRows((all) => all.filter((_, i) => i !== index))}
        empty="This station serves no local level yet."
      />
      <fieldset className="border-top pt-3">
        <legend className="h6">Add a local level</legend>
        <LocalLevelPicker purpose="served" value={adding} onChange={setAdding} />
        <div className="d-flex gap-2 align-items-end">
          <InputField
            label="Road distance (km)"
            inputMode="decimal"
            className="mb-0"
            value={distance}
            onChange={setDistance}
          />
          <Button variant="outline-success" onClick={add}>
            Add
          </Button>
        </div>
      </fieldset>
    </WholeListDialog>
  );
}
