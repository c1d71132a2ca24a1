import { STALE_EDIT } from '@pasal/contract/admin-common';
import { ConflictError } from '../../lib/errors';

/**
 * The 409 of an edit made from an old version, carrying the record as it is now so the console can
 * show the other person's change. Thrown inside the edit's transaction, so nothing is written.
 */
export function staleEdit(current: unknown): ConflictError {
  return new ConflictError(STALE_EDIT, { current });
}

/** Refuses an edit whose version is not the record's (the record is locked for update by then). */
export async function checkVersion(
  sent: number,
  record: { version: number },
  currentView: () => Promise<unknown> | unknown,
): Promise<void> {
  if (sent !== record.version) throw staleEdit(await currentView());
}
