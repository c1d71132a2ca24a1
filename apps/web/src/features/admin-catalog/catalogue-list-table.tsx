import type { Column } from '../../components/console/data-table';
import { PagedDataTable } from '../../components/console/paged-data-table';
import { RequestError } from '../../components/console/request-error';
import type { RequestState } from '../../lib/use-request';
import type { ListParams } from '../admin/use-list-params';

/** What a catalogue list says: its table's name, when empty, its pager's name, when it cannot load. */
export interface CatalogueListTexts {
  caption: string;
  empty: string;
  /** Names the pager's landmark ("Products pages"). */
  pages: string;
  /** Said when the list cannot be loaded and the server gave no message. */
  failed: string;
}

interface CatalogueListTableProps<T extends { id: number }> {
  /** One page of the list, as useRequest answers it. */
  list: RequestState<{ count: number; results: T[] }>;
  /** The list's address parameters (useListParams): sort and page. */
  listing: { params: ListParams; set(patch: Record<string, string | number | undefined>): void };
  pageSize: number;
  columns: Column<T>[];
  texts: CatalogueListTexts;
}

/** A paged list of the catalogue's products (products, low stock): its load error, the table, the pager. */
export function CatalogueListTable<T extends { id: number }>({
  list,
  listing,
  pageSize,
  columns,
  texts: { failed, ...texts },
}: CatalogueListTableProps<T>) {
  return (
    <>
      <RequestError error={list.error} failed={failed} />
      <PagedDataTable
        {...texts}
        page={list.data}
        loading={list.loading}
        params={listing.params}
        set={listing.set}
        pageSize={pageSize}
        columns={columns}
      />
    </>
  );
}
