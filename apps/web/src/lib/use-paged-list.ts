import {
  type DependencyList,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** One page of a paged list as the API answers it (`next` is null or absent on the last page). */
export interface ListPage<T> {
  results: T[];
  count?: number;
  next?: string | null;
}

export interface PagedList<T> {
  /** Every item received so far, in order, each id once. */
  items: T[];
  /** How many the whole list holds (the server's count; the items received when it gives none). */
  count: number;
  /** The first page is loading (nothing to show yet). */
  loading: boolean;
  /** Why the first page failed. */
  error: unknown;
  /** A further page is loading. */
  loadingMore: boolean;
  /** Why the last further page failed (the shopper may try again). */
  moreError: unknown;
  hasMore: boolean;
  loadMore(): void;
}

interface State<T> {
  items: T[];
  count: number;
  page: number;
  hasMore: boolean;
  loading: boolean;
  error: unknown;
  loadingMore: boolean;
  moreError: unknown;
}

const initial = <T>(): State<T> => ({
  items: [],
  count: 0,
  page: 0,
  hasMore: false,
  loading: true,
  error: undefined,
  loadingMore: false,
  moreError: undefined,
});

/**
 * A list read page by page (issue 13: nothing loads the whole catalogue). The first page loads when
 * the dependencies change; `loadMore` appends the next one. Answers for an older list (the
 * dependencies changed meanwhile) are ignored.
 */
export function usePagedList<T extends { id: number }>(
  loadPage: (page: number, signal: AbortSignal) => Promise<ListPage<T>>,
  deps: DependencyList,
): PagedList<T> {
  const [state, setState] = useState<State<T>>(initial);
  const load = useRef(loadPage);
  load.current = loadPage;
  // The list the state belongs to, and the controller of its requests.
  const list = useRef<AbortController | null>(null);
  const busy = useRef(false);

  const fetchPage = useCallback((page: number, controller: AbortController) => {
    busy.current = true;
    load.current(page, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        busy.current = false;
        // A transition: React renders the new cards in short slices (no long task).
        startTransition(() =>
          setState((s) => {
            const seen = new Set(s.items.map((i) => i.id));
            const items = [...s.items, ...answer.results.filter((i) => !seen.has(i.id))];
            return {
              ...s,
              items,
              count: answer.count ?? items.length,
              page,
              // An answer without paging fields (or an empty page) ends the list.
              hasMore: Boolean(answer.next) && answer.results.length > 0,
              loading: false,
              loadingMore: false,
              error: undefined,
              moreError: undefined,
            };
          }),
        );
      },
      (error) => {
        if (controller.signal.aborted) return;
        busy.current = false;
        setState((s) =>
          page === 1 ? { ...s, loading: false, error } : { ...s, loadingMore: false, moreError: error },
        );
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    list.current = controller;
    setState(initial<T>());
    fetchPage(1, controller);
    return () => {
      controller.abort();
      busy.current = false;
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists the loader's inputs
  }, deps);

  // The state on screen: set after each commit, not during a render (the cards render as a
  // transition, in slices; the observer may call loadMore between them, and must not see a first
  // page that is not on screen yet, with its foot still at the top).
  const current = useRef(state);
  useLayoutEffect(() => {
    current.current = state;
  });
  const loadMore = useCallback(() => {
    const controller = list.current;
    const s = current.current;
    if (!controller || busy.current || !s.hasMore || s.loading) return;
    setState((prev) => ({ ...prev, loadingMore: true, moreError: undefined }));
    fetchPage(s.page + 1, controller);
  }, [fetchPage]);

  const { items, count, loading, error, loadingMore, moreError, hasMore } = state;
  return { items, count, loading, error, loadingMore, moreError, hasMore, loadMore };
}
