import { useId, useState } from 'react';
import { BsChevronLeft, BsChevronRight } from 'react-icons/bs';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { ProductLike } from '../lib/product';
import { ProductCard } from './product-card';

export const ROW_PAGE_SIZE = 6;

interface Props {
  title: string;
  products: ProductLike[];
  viewAll?: { to: string; state?: unknown };
  /** The row is in the first screenful: its pictures load at once. */
  eager?: boolean;
}

/** A titled row showing 6 products at a time; the arrows cycle round and rest when one page holds all. */
export function ProductRow({ title, products, viewAll, eager = false }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const headingId = useId();
  if (products.length === 0) return null;
  const pages = Math.ceil(products.length / ROW_PAGE_SIZE);
  const current = page % pages;
  const visible = products.slice(current * ROW_PAGE_SIZE, current * ROW_PAGE_SIZE + ROW_PAGE_SIZE);
  const single = products.length <= ROW_PAGE_SIZE;

  return (
    // Below the first screen the browser skips the row's style, layout and paint until it nears
    // the viewport (styles.css): on the home page's 13 rows that was most of the first render.
    <section className={eager ? 'my-4' : 'product-row-deferred'} aria-labelledby={headingId}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h2 id={headingId} className="h5 mb-0 me-auto">
          {title}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label={t('Previous {{title}} products', { title })}
          disabled={single}
          onClick={() => setPage((current - 1 + pages) % pages)}
        >
          <BsChevronLeft aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label={t('Next {{title}} products', { title })}
          disabled={single}
          onClick={() => setPage((current + 1) % pages)}
        >
          <BsChevronRight aria-hidden="true" />
        </button>
        {viewAll && (
          <Link
            to={viewAll.to}
            state={viewAll.state}
            className="btn btn-sm btn-success"
            aria-label={t('View All {{title}}', { title })}
          >
            {t('View All')}
          </Link>
        )}
      </div>
      <div className="row g-2 g-md-3">
        {visible.map((p) => (
          <div key={p.id} className="col-6 col-md-4 col-lg-2">
            <ProductCard product={p} eager={eager} />
          </div>
        ))}
      </div>
    </section>
  );
}
