import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';

interface RowActionsProps {
  /** What the buttons' names call the row: "Edit {name}", "Move {name} up". */
  name: string;
  /** A change is under way: moving and deleting wait for it. */
  busy?: boolean;
  /** A row of an ordered list: ↑ and ↓ move it one place (off at either end). */
  move?: { first: boolean; last: boolean; onMove(step: -1 | 1): void };
  onEdit(): void;
  /** The row's other actions, between Edit and Delete. */
  children?: ReactNode;
  onDelete?(): void;
  /** In a table cell: the buttons stay on one line. */
  nowrap?: boolean;
}

/** A console row's move up, move down, edit and delete buttons. */
export function RowActions({
  name,
  busy = false,
  move,
  onEdit,
  children,
  onDelete,
  nowrap,
}: RowActionsProps) {
  return (
    <div className={nowrap ? 'd-flex gap-1 text-nowrap' : 'd-flex flex-wrap gap-1'}>
      {move && (
        <>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={busy || move.first}
            onClick={() => move.onMove(-1)}
            aria-label={`Move ${name} up`}
          >
            ↑
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={busy || move.last}
            onClick={() => move.onMove(1)}
            aria-label={`Move ${name} down`}
          >
            ↓
          </Button>
        </>
      )}
      <Button size="sm" variant="outline-success" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {children}
      {onDelete && (
        <Button
          size="sm"
          variant="outline-danger"
          disabled={busy}
          onClick={onDelete}
          aria-label={`Delete ${name}`}
        >
          Delete
        </Button>
      )}
    </div>
  );
}
