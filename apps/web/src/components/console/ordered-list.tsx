import { type ReactNode, useEffect, useState } from 'react';
import { useRequest } from '../../lib/use-request';
import { RequestError } from './request-error';

/**
 * A whole list the console shows in its order (not paged): loaded, kept while staff change it,
 * replaced by a 409's current list (`setItems`), and read again with `refresh`.
 */
export function useOrderedList<T>(load: (signal: AbortSignal) => Promise<{ results: T[] }>) {
  const [reload, setReload] = useState(0);
  const loaded = useRequest(load, [reload]);
  const [items, setItems] = useState<T[]>([]);
  useEffect(() => {
    if (loaded.data) setItems(loaded.data.results);
  }, [loaded.data]);
  return {
    items,
    setItems,
    loading: loaded.loading,
    error: loaded.error,
    refresh: () => setReload((n) => n + 1),
  };
}

interface OrderedListProps {
  list: { items: unknown[]; loading: boolean; error: unknown };
  /** The message when the list cannot be read ("Could not load the banners"). */
  failed: string;
  /** Shown when there is none ("No banners yet."). */
  empty: string;
  children: ReactNode;
}

/** The list's load problem, then its rows in an `<ol>` (or a line saying it is loading or empty). */
export function OrderedList({ list, failed, empty, children }: OrderedListProps) {
  return (
    <>
      <RequestError error={list.error} failed={failed} />
      {list.items.length ? (
        <ol className="list-unstyled">{children}</ol>
      ) : (
        <p aria-live="polite">{list.loading ? 'Loading…' : empty}</p>
      )}
    </>
  );
}
