import { type DependencyList, startTransition, useEffect, useState } from 'react';

export interface RequestState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

/** Runs an async loader when the dependencies change and ignores answers that arrive too late. */
export function useRequest<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): RequestState<T> {
  const [state, setState] = useState<RequestState<T>>({ data: undefined, error: undefined, loading: true });
  useEffect(() => {
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
