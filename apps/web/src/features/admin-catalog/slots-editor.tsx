import type { AdminStation } from '@pasal/contract/admin-stations';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InputField } from '../../components/console/fields';
import { RemovableRows, useWholeListEdit, WholeListDialog } from '../../components/console/whole-list-dialog';
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
  const edit = useWholeListEdit(
    opened,
    { saved: 'Delivery slots saved', failed: 'Could not save the delivery slots' },
    onSaved,
  );
  const [rows, setRows] = useState<SlotRow[]>(() => rowsOf(opened));
  const [cutoff, setCutoff] = useState(String(opened.delivery_slots.cutoff_minutes));

  const change = (index: number, field: keyof Omit<SlotRow, 'id'>, value: string) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, [field]: value } : r)));

  const save = () => {
    const capacities = rows.map((r) => Number(r.capacity));
    if (!/^\d+$/.test(cutoff) || capacities.some((c) => !Number.isInteger(c) || c < 1)) {
      edit.setError('The cut-off and each capacity must be whole numbers (capacity at least 1)');
      return;
    }
    void edit.save((station) =>
      replaceSlots(station.id, {
        version: station.version,
        cutoff_minutes: Number(cutoff),
        slots: rows.map((r, i) => ({
          ...(r.id === undefined ? {} : { id: r.id }),
          starts: r.starts,
          ends: r.ends,
          capacity: capacities[i],
        })),
      }),
    );
  };

  const field = (index: number, name: keyof Omit<SlotRow, 'id'>, label: string, row: SlotRow) => (
    <Form.Control
      key={name}
      size="sm"
      {...(name === 'capacity' ? { inputMode: 'numeric' as const } : { type: 'time' })}
      aria-label={`Slot ${index + 1} ${label}`}
      value={row[name]}
      onChange={(e) => change(index, name, e.target.value)}
    />
  );

  return (
    <WholeListDialog
      edit={edit}
      title={`Delivery slots of ${edit.record.name}`}
      submitLabel="Save slots"
      summary={slotsText}
      summaryLabel="Delivery slots"
      onUseTheirs={(theirs) => {
        setRows(rowsOf(theirs));
        setCutoff(String(theirs.delivery_slots.cutoff_minutes));
      }}
      onSubmit={save}
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
      <RemovableRows
        columns={['Starts', 'Ends', 'Orders a day']}
        rows={rows}
        rowKey={(row, index) => row.id ?? `new-${index}`}
        cells={(row, index) => [
          field(index, 'starts', 'starts', row),
          field(index, 'ends', 'ends', row),
          field(index, 'capacity', 'orders a day', row),
        ]}
        removeLabel={(_, index) => `Remove slot ${index + 1}`}
        onRemove={(index) => setRows((all) => all.filter((_, i) => i !== index))}
        empty="This station offers no delivery slots."
      />
      <Button
        variant="outline-success"
        onClick={() => setRows((all) => [...all, { starts: '09:00', ends: '12:00', capacity: '20' }])}
      >
        Add a slot
      </Button>
    </WholeListDialog>
  );
}
