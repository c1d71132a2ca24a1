import type { CardProduct } from '../../components/product-card-slots';
import { useTranslation } from '../../i18n/use-translation';
import { useAddToCart } from './use-add-to-cart';

/** The product card's Add To Cart: disabled without stock, busy while the picture flies and the add runs. */
export function AddToCartButton({ card }: { card: CardProduct }) {
  const { t } = useTranslation();
  const { adding, add } = useAddToCart();
  const { product, selling, marked, outOfStock, imageRef } = card;
  return (
    // While busy it is aria-disabled rather than disabled, so a keyboard user's focus stays on it.
    <button
      type="button"
      className={`card-action btn btn-sm btn-success mt-auto w-100 ${adding ? 'disabled' : ''}`}
      disabled={outOfStock}
      aria-disabled={adding || undefined}
      onClick={() => {
        if (!adding) void add(product, { prices: { selling, marked }, image: imageRef.current });
      }}
    >
      {outOfStock ? t('Out of Stock') : adding ? t('Adding...') : t('Add To Cart')}
    </button>
  );
}
