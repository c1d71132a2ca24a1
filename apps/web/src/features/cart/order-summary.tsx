import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n/use-translation';
import { formatRs } from '../../lib/money';
import { selectCart } from './cart-slice';
import { PromoBox } from './promo-box';

/** Order Summary: Subtotal, the Promo Code section, the discount, Total and Proceed to Checkout. */
export function OrderSummary() {
  const { totalAmount, discountAmount, finalAmount, promoCode, items } = useAppSelector(selectCart);
  const { t } = useTranslation();
  const unavailable = items.some((i) => i.is_available === false);
  return (
    <section className="card" aria-labelledby="order-summary-title">
      <div className="card-body">
        <h2 id="order-summary-title" className="h5 mb-3">
          {t('Order Summary')}
        </h2>
        <dl className="summary-lines mb-0">
          <div className="d-flex justify-content-between">
            <dt className="fw-normal">{t('Subtotal')}</dt>
            <dd className="mb-0">{formatRs(totalAmount)}</dd>
          </div>
        </dl>
        <PromoBox />
        <dl className="summary-lines">
          {promoCode && (
            <div className="d-flex justify-content-between text-success-emphasis">
              <dt className="fw-normal">{t('Discount ({{code}})', { code: promoCode })}</dt>
              <dd className="mb-0">−{formatRs(discountAmount)}</dd>
            </div>
          )}
          <div className="d-flex justify-content-between fs-5 border-top pt-2">
            <dt>{t('Total')}</dt>
            <dd className="mb-0 fw-bold">{formatRs(finalAmount)}</dd>
          </div>
        </dl>
        {unavailable && (
          <p className="small text-danger-emphasis">{t('Remove the unavailable items before checkout.')}</p>
        )}
        <Link to="/checkout" className="btn btn-success w-100">
          {t('Proceed to Checkout →')}
        </Link>
      </div>
    </section>
  );
}
