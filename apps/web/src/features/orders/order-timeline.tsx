import type { OrderDetail } from '@pasal/contract/orders';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { formatWhen } from '../../lib/format-date';
import { NOT_DELIVERED_TEXTS } from '../../lib/not-delivered-reason';
import { cancelReasonText } from '../../lib/staff-cancel-reason';

const BY: Record<OrderDetail['history'][number]['by'], string> = {
  customer: msg('by you'),
  staff: msg('by Pasal'),
  system: msg('automatically'),
};

/** Every status the order took, oldest first, with when and by whom. */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <ol className="order-timeline list-unstyled mb-0" aria-label={t('Order timeline')}>
      {order.history.map((step) => (
        <li key={`${step.status}-${step.at}`} className="order-timeline-step">
          <span className="fw-semibold d-block">
            {/* A failed delivery puts the order back to Packed: the step tells what happened. */}
            {step.not_delivered_reason ? t('Delivery attempt failed') : t(step.status)}
          </span>
          <span className="small text-body-secondary">
            <time dateTime={step.at}>{formatWhen(step.at)}</time> · {t(BY[step.by])}
          </span>
          {step.not_delivered_reason && (
            <span className="small d-block text-break">
              {t('Reason: {{reason}}', {
                reason: t(NOT_DELIVERED_TEXTS[step.not_delivered_reason]),
              })}
            </span>
          )}
          {step.reason && (
            <span className="small d-block text-break">
              {t('Reason: {{reason}}', { reason: cancelReasonText(t, step.cancel_reason, step.reason) })}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
