import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { formatRs2 } from '../../lib/money';
import type { CartItem } from '../cart/cart-slice';
import type { DeliveryQuote } from './use-delivery-quote';

interface Props {
  lines: CartItem[];
  subtotal: number;
  discount: number;
  promoCode: string | null;
  total: number;
  quote: DeliveryQuote;
  hasAddress: boolean;
}

/** Order summary: the lines, the subtotal less the promo, the delivery charge and the total (2 decimals). */
export function CheckoutSummary({ lines, subtotal, discount, promoCode, total, quote, hasAddress }: Props) {
  const { t } = useTranslation();
  const { info, loading } = quote;
  let deliveryNote = '';
  if (!hasAddress) deliveryNote = t('Choose a delivery address to see the delivery charge.');
  else if (info.delivery_time)
    deliveryNote =
      info.distance !== null
        ? t('Delivery: {{time}} ({{distance, n}} km)', {
            time: translateText(info.delivery_time),
            distance: info.distance,
          })
        : t('Delivery: {{time}}', { time: translateText(info.delivery_time) });
  return (
    <>
      <h2 id="checkout-summary-title" className="h5 mb-3">
        {t('Order Summary')}
      </h2>
      <ul className="list-unstyled small mb-3">
        {lines.map((item) => (
          <li key={item.product} className="d-flex justify-content-between gap-2">
            <span className="text-break">
              {item.title} × {t('{{value, n}}', { value: item.quantity })}
            </span>
            <span className="text-nowrap">{formatRs2(item.subtotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mb-2">
        <div className="d-flex justify-content-between">
          <dt className="fw-normal">{t('Subtotal')}</dt>
          <dd className="mb-1">{formatRs2(subtotal)}</dd>
        </div>
        {promoCode && (
          <div className="d-flex justify-content-between text-success-emphasis">
            <dt className="fw-normal">{t('Discount ({{code}})', { code: promoCode })}</dt>
            <dd className="mb-1">−{formatRs2(discount)}</dd>
          </div>
        )}
        <div className="d-flex justify-content-between">
          <dt className="fw-normal">{t('Delivery charge')}</dt>
          <dd className="mb-1" aria-busy={loading || undefined}>
            {loading ? t('Calculating…') : formatRs2(info.delivery_charge)}
          </dd>
        </div>
        <div className="d-flex justify-content-between fs-5 border-top pt-2">
          <dt>{t('Total')}</dt>
          <dd className="mb-0 fw-bold">{formatRs2(total)}</dd>
        </div>
      </dl>
      {deliveryNote && <p className="small text-body-secondary">{deliveryNote}</p>}
    </>
  );
}
