import { type Column, DataTable, type SortOrder } from './data-table';
import { Pager } from './pager';

export interface PagedDataTableProps<T extends { id: number }> {
  /** One page of rows as the server answered it (undefined while loading or after an error). */
  page: { count: number; results: T[] } | undefined;
  loading: boolean;
  params: { page: number; sort?: string; order?: SortOrder };
  set(patch: Record<string, string | number | undefined>): void;
  pageSize: number;
  caption: string;
  columns: Column<T>[];
  /** Shown when nothing matches. */
  empty: string;
  /** Names the pager's landmark ("Voucher pages"). */
  pages: string;
  /** No pager until the page has come (a list that shows the server's page number). */
  pagerOnceLoaded?: boolean;
}

/** One server page of a list: the sortable table and the pager, sort and page set through `set`. */
export function PagedDataTable<T extends { id: number }>({
  page,
  loading,
  params,
  set,
  pageSize,
  caption,
  columns,
  empty,
  pages,
  pagerOnceLoaded = false,
}: PagedDataTableProps<T>) {
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={page?.results ?? []}
        rowKey={(row) => row.id}
        sort={params.sort}
        order={params.order}
        onSort={(sort, order) => set({ sort, order })}
        loading={loading}
        empty={empty}
      />
      {page || !pagerOnceLoaded ? (
        <Pager
          label={pages}
          page={params.page}
          pageSize={pageSize}
          count={page?.count ?? 0}
          onPage={(next) => set({ page: next })}
        />
      ) : null}
    </>
  );
}
