import { useState } from 'react';

/**
 * The record a delete dialog asks about. `closeFirst`: the dialog closes as soon as it is
 * confirmed (the page shows the work, e.g. its rows busy); otherwise it stays open, busy, until
 * the deletion is done.
 */
export function useDeleteDialog<T>(remove: (target: T) => Promise<void>, { closeFirst = false } = {}) {
  const [target, setTarget] = useState<T>();
  const close = () => setTarget(undefined);
  return {
    target,
    ask: (next: T) => setTarget(next),
    show: target !== undefined,
    onCancel: close,
    onConfirm: () => {
      if (target === undefined) return;
      if (closeFirst) close();
      void remove(target).finally(close);
    },
  };
}
