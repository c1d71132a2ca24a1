import { Link } from 'react-router';
import { BsCartPlus } from '../../components/page-icons';
import { ProductImage } from '../../components/product-image';
import { useTranslation } from '../../i18n/use-translation';
import { formatRs } from '../../lib/money';
import { isOutOfStock } from '../../lib/product';
import { useAddToCart } from '../cart/use-add-to-cart';
import { useBuyNow } from '../cart/use-buy-now';
import { WishlistHeart } from './wishlist-heart';
import type { WishlistProduct } from './wishlist-slice';

/** A wishlist card: opens /detail/{slug or id}; a heart to remove, Buy Now and a cart icon. */
export function WishlistCard({ product }: { product: WishlistProduct }) {
  const { adding, add } = useAddToCart();
  const { buy } = useBuyNow();
  const href = `/detail/${product.slug || product.id}`;
  const { t } = useTranslation();
  const outOfStock = isOutOfStock(product);
  const title = product.title;

  return (
    <article className="card product-card h-100" aria-label={title}>
      <div className="card-img-wrap card-img-top">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ProductImage src={product.image} alt={title} />
        </Link>
        {outOfStock && (
          <div className="stock-overlay" aria-hidden="true">
            {t('OUT OF STOCK')}
          </div>
        )}
        <WishlistHeart product={product} />
      </div>
      <div className="card-body d-flex flex-column p-2">
        <h3 className="product-title h6 mb-1">
          <Link to={href} className="stretched-link text-body text-decoration-none">
            {title}
          </Link>
        </h3>
        {outOfStock && <span className="visually-hidden">{t('Out of stock')}</span>}
        <div className="d-flex flex-wrap align-items-baseline gap-1 mb-2">
          <span className="fw-bold text-success-emphasis">{formatRs(product.selling_price)}</span>
          {product.marked_price > product.selling_price && (
            <del className="small text-body-secondary">
              <span className="visually-hidden">{t('Marked price')} </span>
              {formatRs(product.marked_price)}
            </del>
          )}
        </div>
        <div className="d-flex gap-2 mt-auto">
          <button
            type="button"
            className="card-action btn btn-sm btn-warning flex-grow-1"
            disabled={outOfStock}
            onClick={() => buy(product, 1)}
          >
            {t('Buy Now')} <span className="visually-hidden">{title}</span>
          </button>
          <button
            type="button"
            className={`card-action btn btn-sm btn-outline-success ${adding ? 'disabled' : ''}`}
            disabled={outOfStock}
            aria-disabled={adding || undefined}
            aria-label={t('Add {{title}} to cart', { title })}
            onClick={() => !adding && add(product)}
          >
            <BsCartPlus aria-hidden="true" />
          </button>
        </div>
      </div>
    </article>
  );
}
