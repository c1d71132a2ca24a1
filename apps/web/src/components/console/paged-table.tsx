import type { AdminProblem } from './admin-problem';
import { type Column, DataTable, type SortOrder } from './data-table';
import { LoadProblem } from './load-problem';
import { Pager } from './pager';

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
export function PagedTable<T extends { id: number }>({
  list,
  params,
  set,
  summary,
  caption,
  columns,
  empty,
  pages,
}: PagedTableProps<T>) {
  return (
    <>
      {list.problem ? <LoadProblem problem={list.problem} onRetry={list.reload} /> : null}
      <p aria-live="polite" className="small text-body-secondary">
        {list.loading ? 'Loading…' : summary(list.data?.count ?? 0)}
      </p>
      <DataTable
        caption={caption}
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(row) => row.id}
        sort={params.sort}
        order={params.order}
        onSort={(sort, order) => set({ sort, order })}
        loading={list.loading}
        empty={empty}
      />
      <Pager
        label={pages}
        page={params.page}
        pageSize={list.data?.page_size ?? 20}
        count={list.data?.count ?? 0}
        onPage={(page) => set({ page })}
      />
    </>
  );
}
