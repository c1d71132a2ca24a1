import { useTranslation } from '../../i18n/use-translation';
import { pageCount } from './order-display';

interface Props {
  page: number;
  count: number;
  pageSize: number;
  label: string;
  onPage(page: number): void;
}

/** Previous / Next under a paged list; nothing when everything fits on one page. */
export function Pager({ page, count, pageSize, label, onPage }: Props) {
  const { t } = useTranslation();
  const pages = pageCount(count, pageSize);
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="d-flex align-items-center justify-content-between gap-2 mt-3" aria-label={label}>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={page <= 1}
        onClick={() => onPage(Math.min(page - 1, pages))}
      >
        {t('Previous')}
      </button>
      <span className="small">
        {t('Page {{page, n}} of {{pages, n}}', { page: Math.min(page, pages), pages })}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('Next')}
      </button>
    </nav>
  );
}
