import {
  type AdminOrder,
  type AdminOrderResponse,
  type AdminRefundRequest,
  MAX_REFUND_NOTE_LENGTH,
  MAX_REFUND_REFERENCE_LENGTH,
} from '@pasal/contract/admin-orders';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { adminProblem } from '../../../components/console/admin-problem';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { adminSend } from '../admin-api';
import { formatRupees } from '../format';

const MANUAL_HOW: Record<string, string> = {
  esewa: 'Give the money back in eSewa’s merchant dashboard first, then record that refund’s reference here.',
  cash: 'Give the cash back first, then record the receipt’s number here.',
};

interface RefundActionProps {
  order: AdminOrder;
  onChanged(order: AdminOrder): void;
  /** The refund was refused because the order changed meanwhile (refunded by someone else): read it again. */
  onReload(): void;
}

/**
 * "Refund" on a Refund due order, confirmed: Khalti is asked through its API; eSewa and cash are
 * given back by hand and recorded with their reference. The server decides the amount.
 */
export function RefundAction({ order, onChanged, onReload }: RefundActionProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const referenceId = useId();
  const noteId = useId();
  if (!order.can_refund) return null;

  const manual = order.refund_needs_reference;
  // What the server will give back: the paying wallet payment's amount, else the total (cash).
  const paid = order.payments.find((p) => p.provider_ref && p.provider_ref === order.payment_reference);
  const amount = formatRupees(paid?.paid_amount ?? order.total);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    setReferenceError(null);
    try {
      const body: AdminRefundRequest = {
        ...(manual ? { reference: reference.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      };
      const answer = await adminSend<AdminOrderResponse>('post', `/orders/${order.id}/refund/`, body);
      setOpen(false);
      onChanged(answer.order);
      toast.success(`Order #${order.id} refunded`);
    } catch (error) {
      const problem = adminProblem(error);
      if (problem.fieldErrors.reference) setReferenceError(problem.fieldErrors.reference[0]);
      else if (problem.status === 409) {
        setOpen(false);
        toast.error(problem.message);
        onReload();
      } else setFailure(problem.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-warning"
        onClick={() => {
          setFailure(null);
          setReferenceError(null);
          setOpen(true);
        }}
      >
        Refund
      </button>
      <ConfirmDialog
        show={open}
        title={`Refund order #${order.id}?`}
        confirmLabel={`Refund ${amount}`}
        cancelLabel="Not now"
        variant="warning"
        busy={busy}
        confirmDisabled={manual && !reference.trim()}
        onCancel={() => setOpen(false)}
        onConfirm={submit}
      >
        <p>
          {manual
            ? MANUAL_HOW[order.payment_method]
            : `Khalti is asked to give ${amount} back to the customer’s Khalti. This cannot be undone.`}
        </p>
        {failure && (
          <div className="alert alert-danger py-2" role="alert">
            {failure}
          </div>
        )}
        {manual && (
          <div className="mb-3">
            <label htmlFor={referenceId} className="form-label">
              Refund reference
            </label>
            <input
              id={referenceId}
              className={`form-control ${referenceError ? 'is-invalid' : ''}`}
              maxLength={MAX_REFUND_REFERENCE_LENGTH}
              value={reference}
              required
              aria-invalid={Boolean(referenceError)}
              aria-describedby={referenceError ? `${referenceId}-error` : undefined}
              onChange={(e) => setReference(e.target.value)}
            />
            {referenceError && (
              <div id={`${referenceId}-error`} className="invalid-feedback d-block">
                {referenceError}
              </div>
            )}
          </div>
        )}
        <label htmlFor={noteId} className="form-label">
          Note (optional, for the audit log)
        </label>
        <textarea
          id={noteId}
          className="form-control"
          rows={2}
          maxLength={MAX_REFUND_NOTE_LENGTH}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}
