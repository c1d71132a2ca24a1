import type { ReactNode } from 'react';
import { EditModal } from './edit-modal';
import type { FieldErrors } from './form-values';
import { StaleEditNotice } from './stale-edit';

/** What the dialog needs of `useEditForm`'s state. */
interface EditFormState<R> {
  open: boolean;
  record?: R;
  theirs?: R;
  saving: boolean;
  errors: FieldErrors;
  submit(): Promise<void>;
  close(): void;
  reload(): void;
}

interface EditFormModalProps<R> {
  form: EditFormState<R>;
  title: string;
  /** The submit button of a new record ("Create banner"); an edit's is "Save changes". */
  createLabel: string;
  /** The fields the stale-edit notice compares, with their labels. */
  labels: Record<string, string>;
  /** The record as the notice compares it (by default, as it is). */
  compareAs?: (record: R) => Record<string, unknown>;
  children: ReactNode;
}

const asIs = (record: unknown) => record as Record<string, unknown>;

/**
 * A console record's edit dialog: `useEditForm`'s state in an `EditModal`, with the notice of a
 * stale edit (the 409's record as someone else left it) above the fields.
 */
export function EditFormModal<R>({
  form,
  title,
  createLabel,
  labels,
  compareAs = asIs,
  children,
}: EditFormModalProps<R>) {
  return (
    <EditModal
      show={form.open}
      title={title}
      submitLabel={form.record ? 'Save changes' : createLabel}
      saving={form.saving}
      formError={form.errors._form}
      notice={
        form.theirs && form.record ? (
          <StaleEditNotice
            read={compareAs(form.record)}
            current={compareAs(form.theirs)}
            labels={labels}
            onUseCurrent={form.reload}
          />
        ) : null
      }
      onSubmit={() => void form.submit()}
      onHide={form.close}
    >
      {children}
    </EditModal>
  );
}
