import './orders.css';
import type { BuyAgainResponse, OrderDetail } from '@pasal/contract/orders';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ProductImage } from '../../components/product-image';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { formatShortDate } from '../../lib/format-date';
import { placeLine } from '../../lib/place-line';
import { DEFAULT_IMAGE } from '../../lib/product';
import { slotText } from '../../lib/slot-text';
import { toast } from '../../lib/toast';
import { useOwnResource } from '../../lib/use-own-resource';
import { usePageMeta } from '../../lib/use-page-meta';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { cartActions } from '../cart/cart-slice';
import { InvoiceDownload } from './invoice-download';
import {
  formatOrderRs,
  paymentBadge,
  paymentLabel,
  paymentMethodLabel,
  trackingLabel,
} from './order-display';
import { OrderTimeline } from './order-timeline';
import { buyOrderAgain, fetchOrder, serverMessage } from './orders-api';

export const ORDER_NOT_FOUND_TEXT = msg('This order was not found in your account.');
export const BUY_AGAIN_FAILED = msg('Could not add the items to your cart. Please try again.');

/** /orders/:id: one of my orders, its timeline, items, payment, address, and Buy again. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { id } = useParams();
  const load = useOwnResource(id, fetchOrder, loggedIn);
  const order = load.kind === 'ready' ? load.data : null;
  usePageMeta(order ? t('Order {{id}}', { id: trackingLabel(order) }) : t('Order'));

  if (!loggedIn) return <Navigate to="/login" replace />;
  return (
    <section aria-labelledby="order-title">
      <Link to="/profile/orders" className="d-inline-block mb-2">
        {t('← All orders')}
      </Link>
      {load.kind === 'loading' && (
        <p className="text-body-secondary" role="status">
          {t('Loading order...')}
        </p>
      )}
      {load.kind === 'missing' && (
        <h1 id="order-title" className="h4">
          {t(ORDER_NOT_FOUND_TEXT)}
        </h1>
      )}
      {load.kind === 'failed' && (
        <>
          <h1 id="order-title" className="h4">
            {t('Order')}
          </h1>
          <p role="alert">{t('Could not load this order. Please try again.')}</p>
        </>
      )}
      {order && <OrderDetailView order={order} />}
    </section>
  );
}

function OrderDetailView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const address = order.shipping_address;
  // Places in the page's language; an order placed before addresses carried Nepali names has English.
  const place = placeLine(address);
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 id="order-title" className="h4 mb-0 me-auto text-break">
          {t('Order {{id}}', { id: trackingLabel(order) })}
        </h1>
        <span className={`badge ${paymentBadge(order)}`}>{paymentLabel(order)}</span>
      </div>
      <p className="text-body-secondary">
        {t('Placed on {{date}}', { date: formatShortDate(order.created_at) })}
      </p>
      <div className="row g-3">
        <div className="col-12 col-lg-7">
          <section className="card mb-3" aria-labelledby="order-items-title">
            <div className="card-body">
              <h2 id="order-items-title" className="h5">
                {t('Items')}
              </h2>
              <ul className="list-unstyled mb-2">
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
              <dl className="order-facts mb-3">
                <div>
                  <dt>{t('Subtotal')}</dt>
                  <dd>{formatOrderRs(order.subtotal)}</dd>
                </div>
                {order.discount > 0 && (
                  <div>
                    <dt>
                      {order.voucher_code
                        ? t('Discount ({{code}})', { code: order.voucher_code })
                        : t('Discount')}
                    </dt>
                    <dd>−{formatOrderRs(order.discount)}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('Delivery charge')}</dt>
                  <dd>{formatOrderRs(order.delivery_charge)}</dd>
                </div>
                <div>
                  <dt>{t('Total')}</dt>
                  <dd className="fw-semibold">{formatOrderRs(order.total)}</dd>
                </div>
              </dl>
              <BuyAgain order={order} />
            </div>
          </section>
        </div>
        <div className="col-12 col-lg-5">
          <section className="card mb-3" aria-labelledby="order-timeline-title">
            <div className="card-body">
              <h2 id="order-timeline-title" className="h5">
                {t('Status:')} {t(order.order_status)}
              </h2>
              <OrderTimeline order={order} />
              {order.delivery_station && (
                <p className="small mb-0 mt-2">
                  {t('Delivery from {{station}}', { station: order.delivery_station })}
                </p>
              )}
            </div>
          </section>
          <section className="card mb-3" aria-labelledby="order-payment-title">
            <div className="card-body">
              <h2 id="order-payment-title" className="h5">
                {t('Payment')}
              </h2>
              <p className="mb-0">
                {paymentMethodLabel(order.payment_method)} · {paymentLabel(order)}
              </p>
              <InvoiceDownload order={order} />
            </div>
          </section>
          <section className="card mb-3" aria-labelledby="order-address-title">
            <div className="card-body">
              <h2 id="order-address-title" className="h5">
                {t('Delivery address')}
              </h2>
              <address className="mb-0 text-break">
                {address.full_name}
                <br />
                {address.phone}
                <br />
                {place}
              </address>
              {order.slot && (
                <p className="mt-2 mb-0">
                  {t('Delivery Slot')}: <span className="fw-semibold">{slotText(order.slot)}</span>
                </p>
              )}
              {order.notes && (
                <p className="small mt-2 mb-0 text-break">{t('Notes: {{notes}}', { notes: order.notes })}</p>
              )}
            </div>
          </section>
        </div>
      </div>
    </>
  );
}

/** Buy again: what is in stock goes into the cart; what is not is listed with why. */
function BuyAgain({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BuyAgainResponse | null>(null);
  const buy = async () => {
    setBusy(true);
    try {
      const answer = await buyOrderAgain(order.id);
      dispatch(cartActions.serverCartReceived({ cart: answer.cart }));
      setResult(answer);
      if (answer.added.length > 0) toast.success(translateText(answer.message));
    } catch (error) {
      toast.error(translateText(serverMessage(error, t(BUY_AGAIN_FAILED))));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-success" disabled={busy} onClick={buy}>
          {busy ? t('Adding…') : t('Buy again')}
        </button>
        {result && result.added.length > 0 && (
          <Link to="/cart" className="btn btn-outline-success">
            {t('Go to cart')}
          </Link>
        )}
      </div>
      {result && (
        <div role="status" className="mt-2">
          <p className="mb-1">{translateText(result.message)}</p>
          {result.unavailable.length > 0 && (
            <ul className="small mb-0" aria-label={t('Not added')}>
              {result.unavailable.map((line) => (
                <li key={line.product_id} className="text-break">
                  {line.message.startsWith(line.title)
                    ? translateText(line.message)
                    : `${line.title}: ${translateText(line.message)}`}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
