import { BsHeart, BsHeartFill } from 'react-icons/bs';
import { useWishlistToggle } from './use-wishlist-toggle';
import type { WishlistProduct } from './wishlist-slice';

/** The heart over a card's picture: red when wishlisted, dimmed while a wishlist request runs. */
export function WishlistHeart({ product }: { product: WishlistProduct }) {
  const { wishlisted, busy, toggle } = useWishlistToggle(product);
  const title = product.title;
  return (
    <button
      type="button"
      className={`wishlist-heart ${wishlisted ? 'is-active' : ''} ${busy ? 'is-busy' : ''}`}
      aria-label={wishlisted ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`}
      aria-pressed={wishlisted}
      onClick={toggle}
    >
      {wishlisted ? <BsHeartFill aria-hidden="true" /> : <BsHeart aria-hidden="true" />}
    </button>
  );
}
