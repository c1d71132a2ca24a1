import type { OrderDetail } from '@pasal/contract/orders';
import { formatDateTime } from '../../lib/format-date';

const BY: Record<OrderDetail['history'][number]['by'], string> = {
  customer: 'by you',
  staff: 'by Pasal',
  system: 'automatically',
};

/** Every status the order took, oldest first, with when and by whom. */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  return (
    <ol className="order-timeline list-unstyled mb-0" aria-label="Order timeline">
      {order.history.map((step) => (
        <li key={`${step.status}-${step.at}`} className="order-timeline-step">
          <span className="fw-semibold d-block">{step.status}</span>
          <span className="small text-body-secondary">
            <time dateTime={step.at}>{formatDateTime(step.at)}</time> · {BY[step.by]}
          </span>
          {step.reason && <span className="small d-block text-break">Reason: {step.reason}</span>}
        </li>
      ))}
    </ol>
  );
}
