import { BsStarFill } from 'react-icons/bs';
import { formatCount } from '../i18n/digits';
import { currentLanguage } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import { type ProductLike, reviewCount, shownRating } from '../lib/product';

/**
 * A card's rating (issue 24, decision 056): "★ 4.3 (12)" for the eye, "Rated 4.3 out of 5 by 12
 * shoppers" for a screen reader. The line is always there (empty without reviews), so every card of
 * a row is the same height whether or not its product was rated.
 */
export function CardRating({ product }: { product: ProductLike }) {
  const { t } = useTranslation();
  const count = reviewCount(product);
  if (count === 0) return <p className="product-rating small mb-1" />;
  const rating = shownRating(product);
  return (
    <p className="product-rating small mb-1" data-rating={rating}>
      <span aria-hidden="true">
        <BsStarFill className="text-warning me-1 align-baseline" />
        <span className="fw-semibold">{formatCount(rating, currentLanguage())}</span>{' '}
        <span className="text-body-secondary">({formatCount(count, currentLanguage())})</span>
      </span>
      <span className="visually-hidden">
        {t('Rated {{rating, n}} out of 5 by {{count, n}} shoppers', { rating, count })}
      </span>
    </p>
  );
}
