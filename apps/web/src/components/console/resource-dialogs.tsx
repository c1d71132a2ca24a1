import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import type { Column } from './data-table';
import { EditFormModal } from './edit-form-modal';
import { RowActions } from './row-actions';
import type { ConsoleResource } from './use-console-resource';

const lower = (noun: string) => noun.toLowerCase();

interface ResourceFormProps<R, V> {
  resource: ConsoleResource<R, V>;
  /** The dialog's title for a new record (by default "New voucher"); an edit's is "Edit {name}". */
  newTitle?: string;
  /** The fields the stale-edit notice compares, with their labels. */
  labels: Record<string, string>;
  compareAs?: (record: R) => Record<string, unknown>;
  children: ReactNode;
}

/** The resource's edit dialog: "Edit {name}" or a new one, created with "Create {noun}". */
export function ResourceForm<R, V>({
  resource,
  newTitle,
  labels,
  compareAs,
  children,
}: ResourceFormProps<R, V>) {
  const { form, name, noun } = resource;
  return (
    <EditFormModal
      form={form}
      title={form.record ? `Edit ${name(form.record)}` : (newTitle ?? `New ${lower(noun)}`)}
      createLabel={`Create ${lower(noun)}`}
      labels={labels}
      compareAs={compareAs}
    >
      {children}
    </EditFormModal>
  );
}

interface DeleteDialogProps<R, V> {
  resource: ConsoleResource<R, V>;
  /** By default "Delete {name}?". */
  title?: string;
  /** What deleting does (given the record asked about). */
  children: ReactNode | ((target: R | undefined) => ReactNode);
}

/** Asks before a delete: "Delete {name}?", confirmed with "Delete {noun}". */
export function DeleteDialog<R, V>({ resource, title, children }: DeleteDialogProps<R, V>) {
  const { deleting, busy, name, noun } = resource;
  return (
    <ConfirmDialog
      show={deleting.show}
      title={title ?? `Delete ${deleting.target ? name(deleting.target) : `this ${lower(noun)}`}?`}
      confirmLabel={`Delete ${lower(noun)}`}
      busy={busy}
      onCancel={deleting.onCancel}
      onConfirm={deleting.onConfirm}
    >
      {typeof children === 'function' ? children(deleting.target) : children}
    </ConfirmDialog>
  );
}

/** A table's Actions column: Edit, the row's other actions, and Delete when the resource has it. */
export function actionsColumn<R, V>(
  resource: ConsoleResource<R, V>,
  options: { edit?: (record: R) => void; more?: (record: R) => ReactNode } = {},
): Column<R> {
  const { form, deleting, name, canDelete } = resource;
  return {
    key: 'actions',
    header: 'Actions',
    render: (record) => (
      <RowActions
        nowrap
        name={name(record)}
        onEdit={() => (options.edit ? options.edit(record) : form.start(record))}
        onDelete={canDelete ? () => deleting.ask(record) : undefined}
      >
        {options.more?.(record)}
      </RowActions>
    ),
  };
}
