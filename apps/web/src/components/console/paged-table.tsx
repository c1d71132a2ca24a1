import type { AdminProblem } from './admin-problem';
import type { Column, SortOrder } from './data-table';
import { LoadProblem } from './load-problem';
import { PagedDataTable } from './paged-data-table';

interface Page<T> {
  count: number;
  page_size: number;
  results: T[];
}

interface PagedTableProps<T extends { id: number }> {
  list: { data: Page<T> | undefined; problem: AdminProblem | null; loading: boolean; reload(): void };
  params: { page: number; sort?: string; order?: SortOrder };
  set(patch: Record<string, string | number | undefined>): void;
  /** The line under the filters once loaded ("12 vouchers"). */
  summary(count: number): string;
  caption: string;
  columns: Column<T>[];
  /** Shown when nothing matches. */
  empty: string;
  /** Names the pager's landmark ("Voucher pages"). */
  pages: string;
}

/** A server-paged resource list: its load problem, how many there are, the sortable table, the pager. */
export function PagedTable<T extends { id: number }>({ list, summary, ...table }: PagedTableProps<T>) {
  return (
    <>
      {list.problem ? <LoadProblem problem={list.problem} onRetry={list.reload} /> : null}
      <p aria-live="polite" className="small text-body-secondary">
        {list.loading ? 'Loading…' : summary(list.data?.count ?? 0)}
      </p>
      <PagedDataTable
        {...table}
        page={list.data}
        loading={list.loading}
        pageSize={list.data?.page_size ?? 20}
      />
    </>
  );
}
