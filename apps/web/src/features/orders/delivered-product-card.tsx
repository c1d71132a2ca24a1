import { DayText } from '../../components/day-text';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import './orders.css';
import type { DeliveredProduct } from '@pasal/contract/orders';
import { useNavigate } from 'react-router';
import { ProductImage } from '../../components/product-image';
import { DEFAULT_IMAGE, discountPercent } from '../../lib/product';
import { formatOrderRs } from './order-display';

/** A product delivered to the customer: price paid, the marked price and its percent off. */
export function DeliveredProductCard({ product }: { product: DeliveredProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const percent = discountPercent(product.marked_price, product.selling_price);
  const titleId = `delivered-${product.id}-title`;
  const image = product.primary_image?.thumbnail_image || product.primary_image?.image || DEFAULT_IMAGE;
  return (
    <article className="card" aria-labelledby={titleId}>
      <div className="card-body d-flex gap-3">
        <div className="position-relative flex-shrink-0">
          <div className="delivered-image overflow-hidden">
            <ProductImage src={image} alt="" className="w-100 h-100 object-fit-cover" />
          </div>
          {percent > 0 && (
            <span className="badge text-bg-danger position-absolute top-0 start-0">
              {t('{{percent, n}}% OFF', { percent })}
            </span>
          )}
        </div>
        <div className="min-w-0 flex-grow-1">
          <h3 id={titleId} className="h6 mb-1 text-break">
            {product.title}
          </h3>
          {product.short_description && (
            <p className="small text-body-secondary mb-1">{product.short_description}</p>
          )}
          <p className="mb-1">
            <span className="fw-semibold">{formatOrderRs(product.selling_price)}</span>
            {percent > 0 && (
              <>
                {' '}
                <span className="visually-hidden">{t('Marked price')} </span>
                <s className="small text-body-secondary">{formatOrderRs(product.marked_price)}</s>
              </>
            )}
          </p>
          <p className="small text-body-secondary mb-2">
            <DayText value={product.created_on} sentence={msg('Purchased on {{date}}')} />
          </p>
          <button
            type="button"
            className="btn btn-sm btn-outline-success"
            aria-label={t('See Details of {{title}}', { title: product.title })}
            onClick={() => navigate(`/detail/${product.id}`)}
          >
            {t('See Details')}
          </button>
        </div>
      </div>
    </article>
  );
}
