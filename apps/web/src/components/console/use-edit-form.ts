import { useState } from 'react';
import { toast } from 'react-toastify';
import { adminProblem } from './admin-problem';
import { type FieldErrors, firstMessages } from './form-values';
import { staleCurrent } from './stale-edit';

type Checked<B> = { ok: true; body: B } | { ok: false; errors: FieldErrors };

export interface EditFormOptions<R, V, B> {
  /** The values of a new record, or of the record being edited. */
  toForm(record: R | undefined): V;
  /** The body to send, checked by the contract (for an edit: the changed fields and the version). */
  toBody(values: V, record: R | undefined): Checked<B>;
  save(body: B, record: R | undefined): Promise<R>;
  saved(record: R, created: boolean): void;
  noun: string;
}

/**
 * The state of a console edit dialog: the record opened (none for a new one), the typed values,
 * field errors, and the record as someone else left it when the save met a 409.
 */
export function useEditForm<R, V, B>({ toForm, toBody, save, saved, noun }: EditFormOptions<R, V, B>) {
  const [open, setOpen] = useState(false);
  const [record, setRecord] = useState<R>();
  const [values, setValues] = useState<V>(() => toForm(undefined));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [theirs, setTheirs] = useState<R>();

  const start = (next?: R) => {
    setRecord(next);
    setValues(toForm(next));
    setErrors({});
    setTheirs(undefined);
    setOpen(true);
  };

  const submit = async () => {
    const checked = toBody(values, record);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error('Please correct the highlighted fields');
      return;
    }
    setErrors({});
    if (record && Object.keys(checked.body as object).length === 1) {
      setOpen(false);
      toast.info('Nothing to save: no field changed');
      return;
    }
    setSaving(true);
    try {
      const answer = await save(checked.body, record);
      setOpen(false);
      toast.success(record ? `${noun} saved` : `${noun} created`);
      saved(answer, !record);
    } catch (error) {
      const problem = adminProblem(error, `Could not save the ${noun.toLowerCase()}`);
      const current = staleCurrent<R>(problem);
      if (current) setTheirs(current);
      else setErrors(firstMessages(problem.fieldErrors));
      toast.error(problem.message);
    } finally {
      setSaving(false);
    }
  };

  /** Starts over from the other person's version (their record, with its version). */
  const reload = () => {
    if (!theirs) return;
    saved(theirs, false);
    start(theirs);
  };

  const set =
    <K extends keyof V>(name: K) =>
    (value: V[K]) =>
      setValues((v) => ({ ...v, [name]: value }));

  return {
    open,
    record,
    values,
    errors,
    saving,
    theirs,
    start,
    close: () => setOpen(false),
    submit,
    reload,
    set,
  };
}
