import type { Cancellation } from '@pasal/contract/orders';
import { DayText } from '../../components/day-text';
import { useTranslation } from '../../i18n/use-translation';
import { cancelReasonText } from '../../lib/staff-cancel-reason';
import { formatOrderRs, paymentLabel, paymentMethodLabel, refundedOn, trackingLabel } from './order-display';

/** A cancelled order: when it was placed and cancelled, its total, payment and the reason given. */
export function CancelledOrderCard({ cancellation }: { cancellation: Cancellation }) {
  const { t } = useTranslation();
  const { order } = cancellation;
  const titleId = `cancellation-${cancellation.id}-title`;
  return (
    <article className="card" aria-labelledby={titleId}>
      <div className="card-header">
        <h3 id={titleId} className="h6 mb-0 text-break">
          {t('Tracking ID: {{id}}', { id: trackingLabel(order) })}
        </h3>
      </div>
      <div className="card-body">
        <dl className="order-facts mb-0">
          <div>
            <dt>{t('Placed On')}</dt>
            <dd>
              <DayText value={order.created_at} />
            </dd>
          </div>
          <div>
            <dt>{t('Cancelled On')}</dt>
            <dd>
              <DayText value={cancellation.created_on} />
            </dd>
          </div>
          <div>
            <dt>{t('Total')}</dt>
            <dd className="fw-semibold">{formatOrderRs(order.total)}</dd>
          </div>
          <div>
            <dt>{t('Payment')}</dt>
            <dd>
              {paymentMethodLabel(order.payment_method)}
              {order.payment_status === 'Refund due' && ` (${paymentLabel(order)})`}
              {refundedOn(order) && ` (${refundedOn(order)})`}
            </dd>
          </div>
          <div className="order-facts-wide">
            <dt>{t('Remarks')}</dt>
            <dd className="text-break">
              {cancelReasonText(t, cancellation.cancel_reason, cancellation.remarks)}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
