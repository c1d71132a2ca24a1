interface PagerProps {
  page: number;
  pageSize: number;
  /** Items matching the filters (the list answer's `count`). */
  count: number;
  onPage(page: number): void;
  /** Names the navigation landmark, e.g. "Orders pages". */
  label?: string;
}

/** "Showing 21–40 of 95" with previous, next and the pages around the current one. */
export function Pager({ page, pageSize, count, onPage, label = 'Pages' }: PagerProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  const around: number[] = [];
  for (let p = Math.max(1, page - 2); p <= Math.min(pages, page + 2); p++) around.push(p);
  return (
    <nav aria-label={label} className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <p className="small text-body-secondary mb-0" aria-live="polite">
        {count === 0 ? 'No results' : `Showing ${first}–${last} of ${count}`}
      </p>
      {pages > 1 && (
        <ul className="pagination pagination-sm mb-0 flex-wrap">
          <li className={`page-item ${page <= 1 ? 'disabled' : ''}`}>
            <button type="button" className="page-link" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              Previous
            </button>
          </li>
          {around.map((p) => (
            <li key={p} className={`page-item ${p === page ? 'active' : ''}`}>
              <button
                type="button"
                className="page-link"
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                onClick={() => onPage(p)}
              >
                {p}
              </button>
            </li>
          ))}
          <li className={`page-item ${page >= pages ? 'disabled' : ''}`}>
            <button
              type="button"
              className="page-link"
              disabled={page >= pages}
              onClick={() => onPage(page + 1)}
            >
              Next
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
