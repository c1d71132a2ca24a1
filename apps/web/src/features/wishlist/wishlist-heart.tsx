import { BsHeart, BsHeartFill } from 'react-icons/bs';
import { useTranslation } from '../../i18n/use-translation';
import { useWishlistToggle } from './use-wishlist-toggle';
import type { WishlistProduct } from './wishlist-slice';

/** The heart over a card's picture: red when wishlisted, dimmed while a wishlist request runs. */
export function WishlistHeart({ product }: { product: WishlistProduct }) {
  const { t } = useTranslation();
  const { wishlisted, busy, toggle } = useWishlistToggle(product);
  const title = product.title;
  return (
    <button
      type="button"
      className={`wishlist-heart ${wishlisted ? 'is-active' : ''} ${busy ? 'is-busy' : ''}`}
      aria-label={
        wishlisted
          ? t('Remove {{title}} from wishlist', { title })
          : t('Add {{title}} to wishlist', { title })
      }
      aria-pressed={wishlisted}
      onClick={toggle}
    >
      {wishlisted ? <BsHeartFill aria-hidden="true" /> : <BsHeart aria-hidden="true" />}
    </button>
  );
}
