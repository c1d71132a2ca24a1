import type { ProductSort } from '@pasal/contract/product-sorts';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { filtersKey, type ListFilters, readListFilters, writeListFilters } from './list-filters';

/**
 * The sort and filters in the page's address (decision 041). A change is a new history entry, so
 * Back returns to the list as it was; the navigation state (a category's title) goes along.
 */
export function useListFilters(sorts: readonly ProductSort[]) {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const filters = useMemo(() => readListFilters(params, sorts), [params, sorts]);
  const change = useCallback(
    (next: ListFilters) => setParams(writeListFilters(params, next), { state }),
    [params, setParams, state],
  );
  return { filters, key: filtersKey(filters), change };
}
