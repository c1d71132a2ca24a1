import { type Column, DataTable } from '../../components/console/data-table';
import { LoadProblem } from '../../components/console/load-problem';
import { Pager } from '../../components/console/pager';
import type { AdminData } from './use-admin-data';
import type { ListParams } from './use-list-params';

interface ListPage<T> {
  results: T[];
  page: number;
  page_size: number;
  count: number;
}

interface ListTableProps<T extends { id: number }> {
  list: Pick<AdminData<ListPage<T>>, 'data' | 'problem' | 'loading' | 'reload'>;
  params: ListParams;
  set(patch: Record<string, string | number | undefined>): void;
  caption: string;
  columns: Column<T>[];
  /** Shown when nothing matches. */
  empty: string;
  /** Names the pager's landmark, e.g. "Orders pages". */
  pages: string;
}

/** A server-paged console list: its load problem, the sortable table and, once loaded, the pager. */
export function ListTable<T extends { id: number }>({
  list: { data, problem, loading, reload },
  params,
  set,
  caption,
  columns,
  empty,
  pages,
}: ListTableProps<T>) {
  return (
    <>
      {problem && <LoadProblem problem={problem} onRetry={reload} />}
      <DataTable
        caption={caption}
        columns={columns}
        rows={data?.results ?? []}
        rowKey={(row) => row.id}
        sort={params.sort}
        order={params.order}
        onSort={(sort, order) => set({ sort, order })}
        loading={loading}
        empty={empty}
      />
      {data && (
        <Pager
          page={data.page}
          pageSize={data.page_size}
          count={data.count}
          onPage={(page) => set({ page })}
          label={pages}
        />
      )}
    </>
  );
}
