import { type DependencyList, startTransition, useEffect, useRef, useState } from 'react';

export interface RequestState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

/**
 * Runs an async loader when the dependencies change and ignores answers that arrive too late.
 * `initial` is an answer already in hand (one the server wrote into the page): it renders at once,
 * and the loader first runs when the dependencies change.
 */
export function useRequest<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  initial?: T,
): RequestState<T> {
  const [state, setState] = useState<RequestState<T>>(() =>
    initial === undefined
      ? { data: undefined, error: undefined, loading: true }
      : { data: initial, error: undefined, loading: false },
  );
  const inHand = useRef(initial !== undefined);
  useEffect(() => {
    if (inHand.current) {
      inHand.current = false;
      return;
    }
    const controller = new AbortController();
    setState({ data: undefined, error: undefined, loading: true });
    // The answer renders as a transition: React renders it in short slices, so a big page (home's
    // rows of cards) does not block the main thread in one long task.
    const settle = (next: RequestState<T>) => {
      if (!controller.signal.aborted) startTransition(() => setState(next));
    };
    load(controller.signal).then(
      (data) => settle({ data, error: undefined, loading: false }),
      (error) => settle({ data: undefined, error, loading: false }),
    );
    return () => controller.abort();
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists the loader's inputs
  }, deps);
  return state;
}
