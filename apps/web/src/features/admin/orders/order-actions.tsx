import type { AdminOrder, AdminOrderResponse, AdminOrderTransition } from '@pasal/contract/admin-orders';
import type { OrderStatus } from '@pasal/contract/orders';
import { STAFF_CANCEL_REASONS } from '@pasal/contract/staff-cancel-reasons';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { adminProblem } from '../../../components/console/admin-problem';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { staleCurrent } from '../../../components/console/stale-edit';
import { adminSend } from '../admin-api';
import { formatRupees } from '../format';

const FORWARD_LABELS: Partial<Record<OrderStatus, string>> = {
  Packed: 'Mark as Packed',
  'Out for Delivery': 'Mark as Out for Delivery',
  Delivered: 'Mark as Delivered',
};

/** The cancel dialog's choice that lets staff type a reason (sent as typed, not translated). */
const OTHER = 'other';

interface OrderActionsProps {
  order: AdminOrder;
  /** The order after a move (or as it is now, after a 409). */
  onChanged(order: AdminOrder): void;
  /** A 409 from a status that changed meanwhile: the order as it is now. */
  onStale(current: AdminOrder): void;
}

/**
 * The moves staff can make now: the next step forward, or cancelling with a reason. The two that
 * cannot be undone ask first: Delivered (which also records cash as received) and Cancelled. A
 * reason from the list reaches the customer in their language (decision 070); "Other" is typed.
 */
export function OrderActions({ order, onChanged, onStale }: OrderActionsProps) {
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const [choice, setChoice] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();
  const otherId = useId();
  const why = choice === OTHER ? reason.trim() : choice;

  const move = async (status: AdminOrderTransition['status'], why?: string) => {
    setBusy(true);
    try {
      const body: AdminOrderTransition = {
        status,
        from: order.order_status,
        ...(why ? { reason: why } : {}),
      };
      const answer = await adminSend<AdminOrderResponse>('post', `/orders/${order.id}/status/`, body);
      onChanged(answer.order);
      setCancelling(false);
      setDelivering(false);
      setChoice('');
      setReason('');
      toast.success(
        status === 'Cancelled' ? `Order #${order.id} cancelled` : `Order #${order.id} is ${status}`,
      );
    } catch (error) {
      const problem = adminProblem(error);
      const current = staleCurrent<AdminOrder>(problem);
      if (current) {
        setCancelling(false);
        setDelivering(false);
        onStale(current);
      } else if (problem.fieldErrors.reason) {
        setReasonError(problem.fieldErrors.reason[0]);
      } else {
        toast.error(problem.message);
      }
    } finally {
      setBusy(false);
    }
  };

  const forward = order.next_statuses.filter((s) => s !== 'Cancelled');
  const canCancel = order.next_statuses.includes('Cancelled');
  if (forward.length === 0 && !canCancel) return null;
  // The server offers no step forward for an online order until its payment is confirmed.
  const awaitingPayment =
    forward.length === 0 && order.payment_method !== 'cash' && order.payment_status !== 'Paid';

  return (
    <div className="d-flex flex-wrap gap-2 d-print-none">
      {awaitingPayment && (
        <p className="w-100 mb-0 small text-body-secondary">
          Waiting for the online payment: the order can be packed once it is paid.
        </p>
      )}
      {forward.map((status) => (
        <button
          key={status}
          type="button"
          className="btn btn-success"
          disabled={busy}
          onClick={() =>
            status === 'Delivered' ? setDelivering(true) : move(status as AdminOrderTransition['status'])
          }
        >
          {FORWARD_LABELS[status] ?? status}
        </button>
      ))}
      {canCancel && (
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={busy}
          onClick={() => {
            setReasonError(null);
            setCancelling(true);
          }}
        >
          Cancel order
        </button>
      )}
      <ConfirmDialog
        show={delivering}
        title={`Mark order #${order.id} as Delivered?`}
        confirmLabel="Mark as Delivered"
        cancelLabel="Not yet"
        variant="success"
        busy={busy}
        onCancel={() => setDelivering(false)}
        onConfirm={() => move('Delivered')}
      >
        <p className="mb-0">
          This cannot be undone: a delivered order can no longer be moved or cancelled.
          {order.payment_method === 'cash' && order.payment_status === 'Unpaid'
            ? ` The cash (${formatRupees(order.total)}) is recorded as received.`
            : ''}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        show={cancelling}
        title={`Cancel order #${order.id}?`}
        confirmLabel="Cancel order"
        cancelLabel="Keep the order"
        busy={busy}
        confirmDisabled={!why}
        onCancel={() => setCancelling(false)}
        onConfirm={() => move('Cancelled', why)}
      >
        <p>
          The stock goes back on the shelf and the promo use is released. A paid order is flagged for refund.
        </p>
        <label htmlFor={reasonId} className="form-label">
          Reason (the customer sees it)
        </label>
        <select
          id={reasonId}
          className={`form-select ${reasonError && choice !== OTHER ? 'is-invalid' : ''}`}
          value={choice}
          aria-invalid={Boolean(reasonError) && choice !== OTHER}
          aria-describedby={reasonError && choice !== OTHER ? `${reasonId}-error` : undefined}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">Choose a reason</option>
          {STAFF_CANCEL_REASONS.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
          <option value={OTHER}>Other (type the reason)</option>
        </select>
        {choice === OTHER && (
          <>
            <label htmlFor={otherId} className="form-label mt-3">
              Other reason (sent as typed)
            </label>
            <textarea
              id={otherId}
              className={`form-control ${reasonError ? 'is-invalid' : ''}`}
              rows={3}
              maxLength={500}
              value={reason}
              aria-invalid={Boolean(reasonError)}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
          </>
        )}
        {choice !== '' && choice !== OTHER && (
          <div className="form-text">The customer reads it in their language (English or Nepali).</div>
        )}
        {reasonError && (
          <div id={`${reasonId}-error`} className="invalid-feedback d-block">
            {reasonError}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
