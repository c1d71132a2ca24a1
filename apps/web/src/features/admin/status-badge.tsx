const VARIANTS: Record<string, string> = {
  'Order Processing': 'text-bg-warning',
  Packed: 'text-bg-info',
  'Out for Delivery': 'text-bg-primary',
  Delivered: 'text-bg-success',
  Cancelled: 'text-bg-secondary',
  Unpaid: 'text-bg-light border',
  Pending: 'text-bg-warning',
  Paid: 'text-bg-success',
  'Refund due': 'text-bg-danger',
  Refunded: 'text-bg-info',
  active: 'text-bg-success',
  disabled: 'text-bg-danger',
  unverified: 'text-bg-light border',
};

/** An order, payment or account status as a coloured badge (the text says it; colour only helps). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${VARIANTS[status] ?? 'text-bg-light border'}`}>{status}</span>;
}
