import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortOrder } from '../../components/console/data-table';

export interface ListParams {
  page: number;
  sort: string;
  order: SortOrder;
  /** The list's other parameters (q, filters) as text; '' when not set. */
  filters: Record<string, string>;
}

/**
 * A console list's page, sort and filters kept in the address (so Back, reload and shared links
 * keep them). `set({ status: 'Packed' })` changes a filter and goes back to page 1;
 * `set({ page: 3 })` only turns the page.
 */
export function useListParams(defaults: { sort: string; order: SortOrder }, filterNames: readonly string[]) {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address text is the input
  const params = useMemo<ListParams>(() => {
    const page = Number(search.get('page'));
    const order = search.get('order');
    const filters: Record<string, string> = {};
    for (const name of filterNames) filters[name] = search.get(name) ?? '';
    return {
      page: Number.isInteger(page) && page > 0 ? page : 1,
      sort: search.get('sort') || defaults.sort,
      order: order === 'asc' || order === 'desc' ? order : defaults.order,
      filters,
    };
  }, [key]);

  const set = useCallback(
    (patch: Record<string, string | number | undefined>) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(patch)) {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setSearch],
  );

  /** The query to send: page, sort, order and the filters that are set. */
  const query = useMemo(
    () => ({ page: params.page, sort: params.sort, order: params.order, ...params.filters }),
    [params],
  );
  /** A filter control's value and onChange(value) for one parameter: `<SelectField {...bind('state')}>`. */
  const bind = useCallback(
    (name: string) => ({
      value: params.filters[name] ?? '',
      onChange: (value: string) => set({ [name]: value }),
    }),
    [params, set],
  );
  return { params, query, set, bind };
}
