import { useRef } from 'react';
import { BsHeart, BsHeartFill } from 'react-icons/bs';
import { Link } from 'react-router';
import { useAddToCart } from '../features/cart/use-add-to-cart';
import { useWishlistToggle } from '../features/wishlist/use-wishlist-toggle';
import {
  discountPercent,
  formatRs,
  isOutOfStock,
  type ProductLike,
  productImage,
  productLink,
  productRating,
  productTitle,
  roundToHalf,
  sellingPrice,
  toCartLine,
} from '../lib/product';
import { ProductImage } from './product-image';

interface Props {
  product: ProductLike;
  /** Flash sales price the product differently from its list price. */
  prices?: { selling: number; marked: number };
  className?: string;
  headingLevel?: 'h2' | 'h3' | 'h4';
}

export function ProductCard({ product, prices, className = '', headingLevel: Heading = 'h3' }: Props) {
  const title = productTitle(product);
  const selling = prices?.selling ?? sellingPrice(product);
  const marked = prices?.marked ?? product.marked_price ?? selling;
  const percent = discountPercent(marked, selling);
  const outOfStock = isOutOfStock(product);
  const href = productLink(product);
  const image = productImage(product);
  const imgRef = useRef<HTMLImageElement>(null);
  const { adding, add } = useAddToCart();
  const wish = useWishlistToggle({
    id: product.id,
    title,
    slug: product.slug,
    selling_price: selling,
    marked_price: marked,
    price: selling,
    image,
    description: product.description ?? '',
    short_description: product.short_description ?? '',
    average_rating: productRating(product),
    rating_count: product.rating_count ?? product.ratingCount ?? 0,
  });

  return (
    <article className={`card product-card h-100 ${className}`} aria-label={title}>
      <div className="card-img-wrap card-img-top">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ProductImage ref={imgRef} src={image} alt={title} />
        </Link>
        {product.isOrganic && <span className="badge bg-success badge-organic">ORGANIC</span>}
        {outOfStock && (
          <div className="stock-overlay" aria-hidden="true">
            OUT OF STOCK
          </div>
        )}
        <button
          type="button"
          className={`wishlist-heart ${wish.wishlisted ? 'is-active' : ''} ${wish.busy ? 'is-busy' : ''}`}
          aria-label={wish.wishlisted ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`}
          aria-pressed={wish.wishlisted}
          onClick={wish.toggle}
        >
          {wish.wishlisted ? <BsHeartFill aria-hidden="true" /> : <BsHeart aria-hidden="true" />}
        </button>
      </div>
      <div className="card-body d-flex flex-column p-2">
        <Heading className="product-title h6 mb-1">
          {/* stretched-link: the whole card opens the detail page (shopping.md §2); .card is its containing block. */}
          <Link to={href} className="stretched-link text-body text-decoration-none">
            {title}
          </Link>
        </Heading>
        {outOfStock && <span className="visually-hidden">Out of stock</span>}
        <div className="d-flex flex-wrap align-items-baseline gap-1 mb-2">
          <span className="fw-bold text-success-emphasis">{formatRs(selling)}</span>
          {marked > selling && (
            <del className="small text-body-secondary">
              <span className="visually-hidden">Marked price </span>
              {formatRs(marked)}
            </del>
          )}
          {percent > 0 && <span className="badge text-bg-warning">{percent}% off</span>}
        </div>
        {/* The rating block exists but is hidden (shopping.md §2). */}
        <div hidden data-rating={roundToHalf(productRating(product))}>
          {roundToHalf(productRating(product))} / 5
        </div>
        {/* While the animation runs the button is disabled by aria-disabled, not `disabled`, so a
            keyboard user's focus stays on it instead of falling back to the page. */}
        <button
          type="button"
          className={`card-action btn btn-sm btn-success mt-auto w-100 ${adding ? 'disabled' : ''}`}
          disabled={outOfStock}
          aria-disabled={adding || undefined}
          onClick={() => {
            if (!adding) void add(toCartLine(product, { selling, marked }), imgRef.current);
          }}
        >
          {outOfStock ? 'Out of Stock' : adding ? 'Adding...' : 'Add To Cart'}
        </button>
      </div>
    </article>
  );
}
