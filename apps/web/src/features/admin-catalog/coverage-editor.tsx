import type { AdminStation } from '@pasal/contract/admin-stations';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { toast } from 'react-toastify';
import { EditModal } from '../../components/console/edit-modal';
import { InputField } from '../../components/console/fields';
import { currentAfterConflict } from '../../components/console/form-values';
import { StaleEditNotice } from '../../components/console/stale-edit';
import { errorMessage } from '../../lib/api-client';
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
  const [station, setStation] = useState(opened);
  const [rows, setRows] = useState<CoverageRow[]>(() => rowsOf(opened));
  const [adding, setAdding] = useState<LocalLevel>(noLocalLevel);
  const [distance, setDistance] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [theirs, setTheirs] = useState<AdminStation>();

  const add = () => {
    if (!adding.municipality_id) {
      setError('Choose the local level to add');
      return;
    }
    if (rows.some((r) => r.municipality_id === adding.municipality_id)) {
      setError(`${adding.name} is already in the list`);
      return;
    }
    setError(undefined);
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

  const save = async () => {
    const checked = coverageBody(rows);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      await replaceCoverage(station.id, { version: station.version, coverage: checked.coverage });
      toast.success('Coverage saved');
      onSaved();
    } catch (e) {
      const current = currentAfterConflict<AdminStation>(e);
      if (current) setTheirs(current);
      toast.error(errorMessage(e, 'Could not save the coverage'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <EditModal
      show
      title={`Local levels served by ${station.name}`}
      submitLabel="Save coverage"
      saving={saving}
      formError={error}
      notice={
        theirs ? (
          <StaleEditNotice
            read={{ coverage: coverageText(station) }}
            current={{ coverage: coverageText(theirs) }}
            labels={{ coverage: 'Local levels served' }}
            onUseCurrent={() => {
              setStation(theirs);
              setRows(rowsOf(theirs));
              setTheirs(undefined);
            }}
          />
        ) : null
      }
      onSubmit={() => void save()}
      onHide={onClose}
    >
      {rows.length ? (
        <Table size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Local level</th>
              <th scope="col">Road distance (km)</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.municipality_id}>
                <td>
                  {row.municipality}
                  <div className="small text-body-secondary">{row.district}</div>
                </td>
                <td>
                  <Form.Control
                    size="sm"
                    inputMode="decimal"
                    aria-label={`Distance to ${row.municipality} in km`}
                    value={row.distance}
                    onChange={(e) =>
                      setRows((all) =>
                        all.map((r, i) => (i === index ? { ...r, distance: e.target.value } : r)),
                      )
                    }
                  />
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove ${row.municipality}`}
                    onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p>This station serves no local level yet.</p>
      )}
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
    </EditModal>
  );
}
