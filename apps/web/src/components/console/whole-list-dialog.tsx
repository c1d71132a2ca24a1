import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api-client';
import { EditModal } from './edit-modal';
import { currentAfterConflict } from './form-values';
import { StaleEditNotice } from './stale-edit';

/**
 * A list a record owns that is edited and saved as a whole on the record's version (a station's
 * coverage, its delivery slots): the record as the dialog read it, the form's problem, the save in
 * flight, and the record as someone else left it after a 409.
 */
export interface WholeListEdit<T extends { version: number }> {
  record: T;
  error?: string;
  setError(error: string | undefined): void;
  saving: boolean;
  theirs?: T;
  /** Sends the list with `send(record)`; a 409 keeps their record to offer, any failure is toasted. */
  save(send: (record: T) => Promise<unknown>): Promise<void>;
  /** Takes their record as the one being edited (the dialog then loads its list). */
  takeTheirs(): void;
}

export function useWholeListEdit<T extends { version: number }>(
  opened: T,
  texts: { saved: string; failed: string },
  onSaved: () => void,
): WholeListEdit<T> {
  const [record, setRecord] = useState(opened);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [theirs, setTheirs] = useState<T>();
  return {
    record,
    error,
    setError,
    saving,
    theirs,
    async save(send) {
      setError(undefined);
      setSaving(true);
      try {
        await send(record);
        toast.success(texts.saved);
        onSaved();
      } catch (e) {
        const current = currentAfterConflict<T>(e);
        if (current) setTheirs(current);
        toast.error(errorMessage(e, texts.failed));
      } finally {
        setSaving(false);
      }
    },
    takeTheirs() {
      if (!theirs) return;
      setRecord(theirs);
      setTheirs(undefined);
    },
  };
}

interface WholeListDialogProps<T extends { version: number }> {
  edit: WholeListEdit<T>;
  title: string;
  submitLabel: string;
  /** The list in one line, to compare this dialog's version with theirs after a 409. */
  summary(record: T): string;
  summaryLabel: string;
  /** Loads their record's list into the form (the edit then goes on their version). */
  onUseTheirs(theirs: T): void;
  onSubmit(): void;
  onHide(): void;
  children: ReactNode;
}

/** The dialog of a whole-list edit: the form, its problem, and the 409 notice with their list. */
export function WholeListDialog<T extends { version: number }>({
  edit,
  title,
  submitLabel,
  summary,
  summaryLabel,
  onUseTheirs,
  onSubmit,
  onHide,
  children,
}: WholeListDialogProps<T>) {
  const { theirs } = edit;
  return (
    <EditModal
      show
      title={title}
      submitLabel={submitLabel}
      saving={edit.saving}
      formError={edit.error}
      notice={
        theirs ? (
          <StaleEditNotice
            read={{ list: summary(edit.record) }}
            current={{ list: summary(theirs) }}
            labels={{ list: summaryLabel }}
            onUseCurrent={() => {
              onUseTheirs(theirs);
              edit.takeTheirs();
            }}
          />
        ) : null
      }
      onSubmit={onSubmit}
      onHide={onHide}
    >
      {children}
    </EditModal>
  );
}

interface RemovableRowsProps<R> {
  /** The headers of the columns before the remove button's. */
  columns: string[];
  rows: R[];
  rowKey(row: R, index: number): string | number;
  /** The row's cells, one per column. */
  cells(row: R, index: number): ReactNode[];
  /** The remove button's name (its text is "Remove"). */
  removeLabel(row: R, index: number): string;
  onRemove(index: number): void;
  /** Said instead of the table when there is no row. */
  empty: string;
}

/** The rows of a whole-list edit, each with its remove button, or a sentence when there are none. */
export function RemovableRows<R>({
  columns,
  rows,
  rowKey,
  cells,
  removeLabel,
  onRemove,
  empty,
}: RemovableRowsProps<R>) {
  if (!rows.length) return <p>{empty}</p>;
  return (
    <Table size="sm" className="align-middle">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            {cells(row, index).map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
              <td key={i}>{cell}</td>
            ))}
            <td>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={removeLabel(row, index)}
                onClick={() => onRemove(index)}
              >
                Remove
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
