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
import { replaceSlots } from './admin-catalog-api';

interface SlotRow {
  id?: number;
  starts: string;
  ends: string;
  capacity: string;
}

const slotsText = (station: AdminStation) =>
  `${station.delivery_slots.slots.map((s) => `${s.starts}–${s.ends} (${s.capacity})`).join(', ') || 'none'}; ` +
  `cut-off ${station.delivery_slots.cutoff_minutes} min`;

const rowsOf = (station: AdminStation): SlotRow[] =>
  station.delivery_slots.slots.map((s) => ({ ...s, capacity: String(s.capacity) }));

interface SlotsEditorProps {
  station: AdminStation;
  onClose(): void;
  onSaved(): void;
}

/** A station's delivery slots (Nepal time) with their capacity, and its cut-off; saved as a whole (decision 058). */
export function SlotsEditor({ station: opened, onClose, onSaved }: SlotsEditorProps) {
  const [station, setStation] = useState(opened);
  const [rows, setRows] = useState<SlotRow[]>(() => rowsOf(opened));
  const [cutoff, setCutoff] = useState(String(opened.delivery_slots.cutoff_minutes));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [theirs, setTheirs] = useState<AdminStation>();

  const change = (index: number, field: keyof Omit<SlotRow, 'id'>, value: string) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, [field]: value } : r)));

  const save = async () => {
    const capacities = rows.map((r) => Number(r.capacity));
    if (!/^\d+$/.test(cutoff) || capacities.some((c) => !Number.isInteger(c) || c < 1)) {
      setError('The cut-off and each capacity must be whole numbers (capacity at least 1)');
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      await replaceSlots(station.id, {
        version: station.version,
        cutoff_minutes: Number(cutoff),
        slots: rows.map((r, i) => ({
          ...(r.id === undefined ? {} : { id: r.id }),
          starts: r.starts,
          ends: r.ends,
          capacity: capacities[i],
        })),
      });
      toast.success('Delivery slots saved');
      onSaved();
    } catch (e) {
      const current = currentAfterConflict<AdminStation>(e);
      if (current) setTheirs(current);
      toast.error(errorMessage(e, 'Could not save the delivery slots'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <EditModal
      show
      title={`Delivery slots of ${station.name}`}
      submitLabel="Save slots"
      saving={saving}
      formError={error}
      notice={
        theirs ? (
          <StaleEditNotice
            read={{ slots: slotsText(station) }}
            current={{ slots: slotsText(theirs) }}
            labels={{ slots: 'Delivery slots' }}
            onUseCurrent={() => {
              setStation(theirs);
              setRows(rowsOf(theirs));
              setCutoff(String(theirs.delivery_slots.cutoff_minutes));
              setTheirs(undefined);
            }}
          />
        ) : null
      }
      onSubmit={() => void save()}
      onHide={onClose}
    >
      <p className="small text-body-secondary">
        Times are Nepal time. Checkout offers today’s and tomorrow’s slots; each takes at most its capacity of
        orders a day. With no slots, checkout asks for none.
      </p>
      <InputField
        label="Cut-off (minutes before a slot starts when it stops taking orders)"
        inputMode="numeric"
        value={cutoff}
        onChange={setCutoff}
      />
      {rows.length ? (
        <Table size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Starts</th>
              <th scope="col">Ends</th>
              <th scope="col">Orders a day</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.id ?? `new-${index}`}>
                <td>
                  <Form.Control
                    size="sm"
                    type="time"
                    aria-label={`Slot ${index + 1} starts`}
                    value={row.starts}
                    onChange={(e) => change(index, 'starts', e.target.value)}
                  />
                </td>
                <td>
                  <Form.Control
                    size="sm"
                    type="time"
                    aria-label={`Slot ${index + 1} ends`}
                    value={row.ends}
                    onChange={(e) => change(index, 'ends', e.target.value)}
                  />
                </td>
                <td>
                  <Form.Control
                    size="sm"
                    inputMode="numeric"
                    aria-label={`Slot ${index + 1} orders a day`}
                    value={row.capacity}
                    onChange={(e) => change(index, 'capacity', e.target.value)}
                  />
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove slot ${index + 1}`}
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
        <p>This station offers no delivery slots.</p>
      )}
      <Button
        variant="outline-success"
        onClick={() => setRows((all) => [...all, { starts: '09:00', ends: '12:00', capacity: '20' }])}
      >
        Add a slot
      </Button>
    </EditModal>
  );
}
