import { type ReactNode, useEffect, useRef } from 'react';

export type SortOrder = 'asc' | 'desc';

export interface Column<T> {
  /** Unique per table. */
  key: string;
  header: string;
  render(row: T): ReactNode;
  /** The API's `sort` value; a column with one has a sort button in its header. */
  sortKey?: string;
  /** Right-aligned (numbers, money). */
  numeric?: boolean;
}

interface DataTableProps<T> {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  sort?: string;
  order?: SortOrder;
  /** Called with the column's sort key and the new order (asc first, then desc). */
  onSort?(sort: string, order: SortOrder): void;
  loading?: boolean;
  empty?: ReactNode;
}

/** A responsive table whose sortable headers are buttons; paging is the Pager's job. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  order = 'asc',
  onSort,
  loading = false,
  empty = 'Nothing found.',
}: DataTableProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A control only partly in view gets scrolled fully in (focus alone leaves it cut off at the
    // scroller's edge), so its focus ring shows whole.
    const box = scroller.current;
    if (!box) return;
    const reveal = (event: FocusEvent) =>
      (event.target as HTMLElement).scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    box.addEventListener('focusin', reveal);
    return () => box.removeEventListener('focusin', reveal);
  }, []);
  return (
    <div className="table-responsive" ref={scroller}>
      <table className="table table-sm table-hover align-middle admin-table" aria-busy={loading}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = column.sortKey !== undefined && column.sortKey === sort;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric ? 'text-end' : undefined}
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortKey && onSort ? (
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 text-body fw-semibold text-decoration-none"
                      onClick={() =>
                        onSort(column.sortKey as string, active && order === 'asc' ? 'desc' : 'asc')
                      }
                    >
                      {column.header}
                      <span aria-hidden="true">{active ? (order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                      <span className="visually-hidden">
                        {active
                          ? `, sorted ${order === 'asc' ? 'ascending' : 'descending'}; sort ${order === 'asc' ? 'descending' : 'ascending'}`
                          : ', sort ascending'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="text-center text-body-secondary py-4">
                {loading ? 'Loading…' : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.numeric ? 'text-end' : undefined}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
