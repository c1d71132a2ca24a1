import { DayText } from '../../components/day-text';
import { useTranslation } from '../../i18n/use-translation';
import './orders.css';
import type { Order } from '@pasal/contract/orders';
import { Link } from 'react-router';
import { ProductImage } from '../../components/product-image';
import { DEFAULT_IMAGE } from '../../lib/product';
import { slotText } from '../../lib/slot-text';
import {
  formatOrderRs,
  offersCancel,
  paymentBadge,
  paymentLabel,
  paymentMethodLabel,
  payNowWallet,
  trackingLabel,
} from './order-display';

interface Props {
  order: Order;
  onCancel(order: Order): void;
  onPayNow(order: Order): void;
  /** Pay now was pressed on this card and the wallet is being reached. */
  paying: boolean;
}

/** One order under All Orders: its real lines, total, payment state and actions. */
export function OrderCard({ order, onCancel, onPayNow, paying }: Props) {
  const { t } = useTranslation();
  const titleId = `order-${order.id}-title`;
  const wallet = payNowWallet(order);
  return (
    <article className="card order-card" aria-labelledby={titleId}>
      <div className="card-header d-flex flex-wrap gap-2 align-items-center">
        <h3 id={titleId} className="h6 mb-0 me-auto text-break">
          {t('Tracking ID: {{id}}', { id: trackingLabel(order) })}
        </h3>
        <span className={`badge ${paymentBadge(order)}`}>{paymentLabel(order)}</span>
      </div>
      <div className="card-body">
        <dl className="order-facts mb-3">
          <div>
            <dt>{t('Placed On')}</dt>
            <dd>
              <DayText value={order.created_at} />
            </dd>
          </div>
          <div>
            <dt>{t('Total')}</dt>
            <dd className="fw-semibold">{formatOrderRs(order.total)}</dd>
          </div>
          <div>
            <dt>{t('Payment')}</dt>
            <dd>{paymentMethodLabel(order.payment_method)}</dd>
          </div>
          {order.slot && (
            <div>
              <dt>{t('Delivery Slot')}</dt>
              <dd>{slotText(order.slot)}</dd>
            </div>
          )}
          {order.refunded_at && (
            <div>
              <dt>{t('Refunded On')}</dt>
              <dd>
                <DayText value={order.refunded_at} />
              </dd>
            </div>
          )}
        </dl>
        <ul className="list-unstyled mb-3 order-lines" aria-label={t('Items')}>
          {order.lines.map((line) => (
            <li key={line.id} className="d-flex gap-2 align-items-center py-1">
              <div className="order-line-image overflow-hidden">
                <ProductImage
                  src={line.image || DEFAULT_IMAGE}
                  alt=""
                  className="w-100 h-100 object-fit-cover"
                />
              </div>
              <div className="flex-grow-1 min-w-0">
                <Link to={`/detail/${line.product_slug}`} className="d-block text-break">
                  {line.title}
                </Link>
                <span className="small text-body-secondary">
                  {t('Qty: {{quantity, n}} × {{price}}', {
                    quantity: line.quantity,
                    price: formatOrderRs(line.price),
                  })}
                </span>
              </div>
              <span className="text-nowrap">{formatOrderRs(line.line_total)}</span>
            </li>
          ))}
        </ul>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <span className="btn btn-sm btn-outline-secondary order-status">
            <span className="visually-hidden">{t('Status:')} </span>
            {t(order.order_status)}
          </span>
          <Link to={`/orders/${order.id}`} className="btn btn-sm btn-outline-success">
            {t('Order details')}
            <span className="visually-hidden"> {trackingLabel(order)}</span>
          </Link>
          {wallet && (
            <button
              type="button"
              className="btn btn-sm btn-success"
              disabled={paying}
              aria-label={paying ? undefined : t('Pay now for order {{id}}', { id: trackingLabel(order) })}
              onClick={() => onPayNow(order)}
            >
              {paying ? t('Opening the wallet...') : t('Pay now')}
            </button>
          )}
          {offersCancel(order) && (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger ms-auto"
              aria-label={t('Cancel Order {{id}}', { id: trackingLabel(order) })}
              onClick={() => onCancel(order)}
            >
              {t('Cancel Order')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
