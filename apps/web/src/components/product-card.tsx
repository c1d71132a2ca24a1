import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { formatRs } from '../lib/money';
import {
  discountPercent,
  isOutOfStock,
  type ProductLike,
  productImage,
  productLink,
  productName,
  productTitle,
  sellingPrice,
} from '../lib/product';
import { CardRating } from './card-rating';
import { type CardProduct, useProductCardSlots } from './product-card-slots';
import { ProductImage } from './product-image';
import { UnitPriceText } from './unit-price';

interface Props {
  product: ProductLike;
  /** Flash sales price the product differently from its list price. */
  prices?: { selling: number; marked: number };
  className?: string;
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** Load the picture at once: the card is in the first screenful (lazy pictures there delay LCP). */
  eager?: boolean;
}

export function ProductCard({
  product,
  prices,
  className = '',
  headingLevel: Heading = 'h3',
  eager = false,
}: Props) {
  const { t } = useTranslation();
  const title = productTitle(product);
  const titleLang = productName(product).lang;
  const selling = prices?.selling ?? sellingPrice(product);
  const marked = prices?.marked ?? product.marked_price ?? selling;
  const percent = discountPercent(marked, selling);
  const outOfStock = isOutOfStock(product);
  const href = productLink(product);
  const image = productImage(product);
  const imgRef = useRef<HTMLImageElement>(null);
  const slots = useProductCardSlots();
  const card: CardProduct = { product, title, selling, marked, image, outOfStock, imageRef: imgRef };

  return (
    <article className={`card product-card h-100 ${className}`} aria-label={title}>
      <div className="card-img-wrap card-img-top">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ProductImage ref={imgRef} src={image} alt={title} loading={eager ? 'eager' : 'lazy'} />
        </Link>
        {product.isOrganic && <span className="badge bg-success badge-organic">{t('ORGANIC')}</span>}
        {outOfStock && (
          <div className="stock-overlay" aria-hidden="true">
            {t('OUT OF STOCK')}
          </div>
        )}
        {slots.heart?.(card)}
      </div>
      <div className="card-body d-flex flex-column p-2">
        <Heading className="product-title h6 mb-1">
          {/* stretched-link: the whole card opens the detail page (shopping.md §2); .card is its containing block. */}
          <Link to={href} className="stretched-link text-body text-decoration-none" lang={titleLang}>
            {title}
          </Link>
        </Heading>
        {outOfStock && <span className="visually-hidden">{t('Out of stock')}</span>}
        <div className="d-flex flex-wrap align-items-baseline gap-1 mb-2">
          <span className="fw-bold text-success-emphasis">{formatRs(selling)}</span>
          {marked > selling && (
            <del className="small text-body-secondary">
              <span className="visually-hidden">{t('Marked price')} </span>
              {formatRs(marked)}
            </del>
          )}
          {percent > 0 && (
            <span className="badge text-bg-warning">{t('{{percent, n}}% off', { percent })}</span>
          )}
          <UnitPriceText unitPrice={product.unit_price} className="small text-body-secondary w-100" />
        </div>
        <CardRating product={product} />
        {slots.action?.(card)}
      </div>
    </article>
  );
}
