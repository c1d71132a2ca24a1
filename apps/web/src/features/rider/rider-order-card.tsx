import { NOT_DELIVERED_REASONS, type NotDeliveredReason, type RiderOrder } from '@pasal/contract/riders';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { riderAction } from './rider-api';

const rupees = (amount: number) => `Rs ${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** One delivery: who, where, what to collect, and the rider's next step. */
export function RiderOrderCard({ order, onChanged }: { order: RiderOrder; onChanged: () => void }) {
  const [step, setStep] = useState<'idle' | 'deliver' | 'fail'>('idle');
  const [cash, setCash] = useState(order.to_collect === null ? '' : String(order.to_collect));
  const [reason, setReason] = useState<NotDeliveredReason>(NOT_DELIVERED_REASONS[0]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = `order-${order.id}`;

  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    setProblem('');
    try {
      await run();
      setStep('idle');
      onChanged();
    } catch (error) {
      setProblem(errorMessage(error, 'That did not work. Try again.'));
    } finally {
      setBusy(false);
    }
  };
  const address = [order.address.location, order.address.municipality, order.address.district]
    .filter(Boolean)
    .join(', ');

  return (
    <article className="rider-card" aria-labelledby={heading}>
      <h3 id={heading} className="rider-card-title">
        {order.customer.name || 'Customer'} <span className="rider-status">{order.order_status}</span>
      </h3>
      <p className="rider-line">{address}</p>
      {order.address.land_mark && <p className="rider-line">Landmark: {order.address.land_mark}</p>}
      <p className="rider-line">
        {order.station ? `${order.station.name} · ` : ''}
        {order.tracking_id} · {order.items_count} items
      </p>
      <p className="rider-collect">
        {order.order_status === 'Delivered'
          ? order.cash_collected === null
            ? 'Delivered'
            : `Collected ${rupees(order.cash_collected)}`
          : order.to_collect === null
            ? 'Paid online'
            : `Collect ${rupees(order.to_collect)}`}
      </p>
      {order.order_status !== 'Delivered' && (
        <div className="rider-links">
          <a className="rider-button" href={`tel:${order.customer.phone}`}>
            Call {order.customer.phone}
          </a>
          <a className="rider-button" href={`sms:${order.customer.phone}`}>
            SMS
          </a>
          <a className="rider-button" href={order.map_url} target="_blank" rel="noreferrer">
            Map
          </a>
        </div>
      )}
      {order.order_status === 'Order Processing' && <p className="rider-line">Not packed yet.</p>}
      {order.order_status === 'Packed' && (
        <button
          type="button"
          className="rider-button rider-primary"
          disabled={busy}
          onClick={() => act(() => riderAction(order.id, 'out-for-delivery'))}
        >
          Out for delivery
        </button>
      )}
      {order.order_status === 'Out for Delivery' && step === 'idle' && (
        <div className="rider-links">
          <button type="button" className="rider-button rider-primary" onClick={() => setStep('deliver')}>
            Delivered
          </button>
          <button type="button" className="rider-button" onClick={() => setStep('fail')}>
            Could not deliver
          </button>
        </div>
      )}
      {step === 'deliver' && (
        <form
          className="rider-form"
          onSubmit={(event) => {
            event.preventDefault();
            const body = order.to_collect === null ? {} : { cash_collected: Number(cash) };
            void act(() => riderAction(order.id, 'delivered', body));
          }}
        >
          {order.to_collect !== null && (
            <label className="rider-label">
              Cash collected (Rs)
              <input
                className="rider-input"
                type="number"
                inputMode="decimal"
                min="0"
                step="0.01"
                required
                value={cash}
                onChange={(event) => setCash(event.target.value)}
              />
            </label>
          )}
          <div className="rider-links">
            <button type="submit" className="rider-button rider-primary" disabled={busy}>
              Confirm delivered
            </button>
            <button type="button" className="rider-button" onClick={() => setStep('idle')}>
              Back
            </button>
          </div>
        </form>
      )}
      {step === 'fail' && (
        <form
          className="rider-form"
          onSubmit={(event) => {
            event.preventDefault();
            void act(() => riderAction(order.id, 'not-delivered', { reason, note: note || undefined }));
          }}
        >
          <label className="rider-label">
            Reason
            <select
              className="rider-input"
              value={reason}
              onChange={(event) => setReason(event.target.value as NotDeliveredReason)}
            >
              {NOT_DELIVERED_REASONS.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <label className="rider-label">
            Note
            <textarea
              className="rider-input"
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </label>
          <div className="rider-links">
            <button type="submit" className="rider-button rider-primary" disabled={busy}>
              Hand back to the shop
            </button>
            <button type="button" className="rider-button" onClick={() => setStep('idle')}>
              Back
            </button>
          </div>
        </form>
      )}
      {problem && (
        <p className="rider-problem" role="alert">
          {problem}
        </p>
      )}
    </article>
  );
}
