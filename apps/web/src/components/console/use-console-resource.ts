import { useDeleteDialog } from './use-delete-dialog';
import { type EditFormOptions, useEditForm } from './use-edit-form';
import { useListChange } from './use-list-change';

export interface ConsoleResourceOptions<R, V, B, C> extends Omit<EditFormOptions<R, V, B>, 'saved'> {
  /** What staff call one record in buttons and dialogs ("Edit SAVE10", "Delete Rice?"). */
  name(record: R): string;
  /** Reads the list again, after a save, a delete or another change. */
  refresh(): void;
  /** Deletes the record (from the version staff read); none: the list has no Delete. */
  remove?(record: R): Promise<unknown>;
  /** The toast when a change is refused (the server's own message is preferred). */
  failed: string;
  /** A refused change's 409 carries the list as it is now: shown instead of what the page had. */
  current?(now: C): void;
  /** The delete dialog closes as soon as it is confirmed (the rows show the work). */
  closeFirst?: boolean;
}

/**
 * One console resource's list + edit + delete state: its edit dialog (`form`), one change at a
 * time to its rows (`run`, `busy`) and the record the delete dialog asks about (`deleting`).
 */
export function useConsoleResource<R, V, B, C = never>(options: ConsoleResourceOptions<R, V, B, C>) {
  const { name, refresh, remove, failed, current, closeFirst, noun } = options;
  const form = useEditForm<R, V, B>({ ...options, saved: refresh });
  const { busy, run } = useListChange<C>({ failed, current, after: refresh });
  const deleting = useDeleteDialog(
    (record: R) => (remove ? run(() => remove(record), `${noun} deleted`) : Promise.resolve()),
    { closeFirst },
  );
  return { noun, name, form, busy, run, deleting, canDelete: remove !== undefined };
}

export type ConsoleResource<R, V> = ReturnType<typeof useConsoleResource<R, V, unknown, unknown>>;
