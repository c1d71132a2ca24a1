import axios from 'axios';
import { useEffect, useState } from 'react';

/** One of the shopper's own objects, as its page shows it. */
export type OwnResource<T> =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed' }
  | { kind: 'ready'; data: T };

/**
 * Loads one of the shopper's own objects by the id in the URL (an order, its tax invoice). A bad
 * id or a 404 (no such object, or somebody else's: the API answers both alike) is `missing`; any
 * other error `failed`. Nothing is asked while `enabled` is false (logged out: the page
 * redirects), and an answer for an earlier id is dropped.
 */
export function useOwnResource<T>(
  id: string | undefined,
  load: (id: number, signal: AbortSignal) => Promise<T>,
  enabled = true,
): OwnResource<T> {
  const resourceId = Number(id);
  const [state, setState] = useState<OwnResource<T>>({ kind: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader's input is the id (callers pass a module function)
  useEffect(() => {
    if (!enabled) return;
    if (!Number.isSafeInteger(resourceId) || resourceId < 1) {
      setState({ kind: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    load(resourceId, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', data });
      },
      (error) => {
        if (controller.signal.aborted) return;
        const missing = axios.isAxiosError(error) && error.response?.status === 404;
        setState({ kind: missing ? 'missing' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [enabled, resourceId]);
  return state;
}
