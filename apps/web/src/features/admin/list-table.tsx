import type { Column } from '../../components/console/data-table';
import { LoadProblem } from '../../components/console/load-problem';
import { PagedDataTable } from '../../components/console/paged-data-table';
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
  ...table
}: ListTableProps<T>) {
  return (
    <>
      {problem && <LoadProblem problem={problem} onRetry={reload} />}
      {/* The pager shows the page the server answered, with its page size. */}
      <PagedDataTable
        {...table}
        page={data}
        loading={loading}
        params={{ ...params, page: data?.page ?? params.page }}
        pageSize={data?.page_size ?? 1}
        pagerOnceLoaded
      />
    </>
  );
}
