import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api-client';
import { currentAfterConflict } from './form-values';

interface Options<C> {
  /** The toast when the server refuses (its own message is preferred). */
  failed: string;
  /** A 409's `current` (the list or record as it is now): shown instead of what this page had. */
  current?: (current: C) => void;
  /** After every change, done or not (e.g. read the list again). */
  after?: () => void;
}

/**
 * One change at a time to a console list (a delete, a move, a picture): `busy` while it runs, a
 * toast saying how it went, and after a conflict the server's current state.
 */
export function useListChange<C = never>({ failed, current, after }: Options<C>) {
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, failed));
      const now = current ? currentAfterConflict<C>(error) : null;
      if (now && current) current(now);
    } finally {
      setBusy(false);
      after?.();
    }
  };

  return { busy, run };
}
