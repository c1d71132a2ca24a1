import Pagination from 'react-bootstrap/Pagination';

interface PagerProps {
  label: string;
  page: number;
  pageSize: number;
  count: number;
  onPage(page: number): void;
}

/** Previous / page N of M / next, as a labelled navigation landmark. */
export function Pager({ label, page, pageSize, count, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination className="flex-wrap">
        <Pagination.Prev disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Pagination.Prev>
        <Pagination.Item active aria-current="page">{`Page ${page} of ${pages}`}</Pagination.Item>
        <Pagination.Next disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Pagination.Next>
      </Pagination>
    </nav>
  );
}
