import type { ProductSize } from '@pasal/contract/catalogue';
import { Link } from 'react-router';
import { UnitPriceText } from '../../components/unit-price';
import { useTranslation } from '../../i18n/use-translation';
import { formatRs } from '../../lib/money';
import { productLink } from '../../lib/product';

/**
 * The item's other sizes (decision 052). Each size is its own product with its own page, so a
 * choice is a link: Back returns to the size before and a shared link opens the size shared.
 */
export function SizePicker({ sizes, currentId }: { sizes: ProductSize[]; currentId: number }) {
  const { t } = useTranslation();
  if (sizes.length < 2) return null;
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold mb-1">{t('Size')}</legend>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {sizes.map((size) => {
          const current = size.id === currentId;
          return (
            <li key={size.id}>
              <Link
                to={productLink(size)}
                className={`btn size-choice ${current ? 'btn-success' : 'btn-outline-secondary'}`}
                aria-current={current ? 'page' : undefined}
              >
                <span className="d-block fw-semibold">{size.size}</span>
                <span className="d-block small">{formatRs(size.selling_price)}</span>
                <UnitPriceText unitPrice={size.unit_price} className="d-block small" />
                {!size.in_stock && <span className="d-block small">{t('Out of stock')}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
