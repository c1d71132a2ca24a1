import type { AdminOrderRefund } from '@pasal/contract/admin-orders';
import { formatNepalTime, formatRupees } from '../format';

const STATUS_TEXT: Record<AdminOrderRefund['status'], string> = {
  requested: 'Refund being made',
  refunded: 'Refunded',
  failed: 'Refund failed',
};

const METHOD_TEXT: Record<AdminOrderRefund['method'], string> = {
  khalti: 'through Khalti',
  esewa: 'by hand in eSewa',
  cash: 'in cash',
};

/** The order's refund in the Payment section: what, how, who, when, and why a try failed. */
export function RefundDetails({ refund }: { refund: AdminOrderRefund }) {
  const by = refund.by ? refund.by.name || refund.by.email || `#${refund.by.id}` : null;
  return (
    <div className="small mb-2">
      <p className="mb-0 fw-semibold">
        {STATUS_TEXT[refund.status]}: {formatRupees(refund.amount)} {METHOD_TEXT[refund.method]}
        {refund.refunded_at ? ` on ${formatNepalTime(refund.refunded_at)}` : ''}
      </p>
      {refund.reference && <p className="mb-0">Reference: {refund.reference}</p>}
      {by && (
        <p className="mb-0 text-body-secondary">
          By {by} · {formatNepalTime(refund.requested_at)}
        </p>
      )}
      {refund.note && <p className="mb-0">Note: {refund.note}</p>}
      {refund.status === 'failed' && refund.failure && <p className="mb-0 text-danger">{refund.failure}</p>}
    </div>
  );
}
