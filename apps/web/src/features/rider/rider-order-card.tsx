import { NOT_DELIVERED_REASONS, type NotDeliveredReason } from '@pasal/contract/not-delivered-reasons';
import type { RiderOrder } from '@pasal/contract/riders';
import { useState } from 'react';
import { localName } from '../../i18n/local-name';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/api-client';
import { formatRs } from '../../lib/money';
import { NOT_DELIVERED_TEXTS } from '../../lib/not-delivered-reason';
import { riderAction } from './rider-api';

/**
 * One delivery: who, where, what to collect, and the rider's next step; in the language of the
 * storefront's switch (amounts and counts in Nepali digits, places by their Nepali names). Phone
 * numbers stay in Latin digits, as a phone dials them.
 */
export function RiderOrderCard({ order, onChanged }: { order: RiderOrder; onChanged: () => void }) {
  const { t } = useTranslation();
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
      setProblem(translateText(errorMessage(error, t('That did not work. Try again.'))));
    } finally {
      setBusy(false);
    }
  };
  const { address: a } = order;
  const address = [
    a.location,
    localName(a.municipality, a.municipality_ne).text,
    localName(a.district, a.district_ne).text,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <article className="rider-card" aria-labelledby={heading}>
      <h3 id={heading} className="rider-card-title">
        {order.customer.name || t('Customer')} <span className="rider-status">{t(order.order_status)}</span>
      </h3>
      <p className="rider-line">{address}</p>
      {a.land_mark && <p className="rider-line">{t('Landmark: {{landmark}}', { landmark: a.land_mark })}</p>}
      <p className="rider-line">
        {order.station ? `${order.station.name} · ` : ''}
        {order.tracking_id} · {t('{{count, n}} items', { count: order.items_count })}
      </p>
      <p className="rider-collect">
        {order.order_status === 'Delivered'
          ? order.cash_collected === null
            ? t('Delivered')
            : t('Collected {{amount}}', { amount: formatRs(order.cash_collected) })
          : order.to_collect === null
            ? t('Paid online')
            : t('Collect {{amount}}', { amount: formatRs(order.to_collect) })}
      </p>
      {order.order_status !== 'Delivered' && (
        <div className="rider-links">
          <a className="rider-button" href={`tel:${order.customer.phone}`}>
            {t('Call {{phone}}', { phone: order.customer.phone })}
          </a>
          <a className="rider-button" href={`sms:${order.customer.phone}`}>
            {t('SMS')}
          </a>
          <a className="rider-button" href={order.map_url} target="_blank" rel="noreferrer">
            {t('Map')}
          </a>
        </div>
      )}
      {order.order_status === 'Order Processing' && <p className="rider-line">{t('Not packed yet.')}</p>}
      {order.order_status === 'Packed' && (
        <button
          type="button"
          className="rider-button rider-primary"
          disabled={busy}
          onClick={() => act(() => riderAction(order.id, 'out-for-delivery'))}
        >
          {t('Out for delivery')}
        </button>
      )}
      {order.order_status === 'Out for Delivery' && step === 'idle' && (
        <div className="rider-links">
          <button type="button" className="rider-button rider-primary" onClick={() => setStep('deliver')}>
            {t('Delivered')}
          </button>
          <button type="button" className="rider-button" onClick={() => setStep('fail')}>
            {t('Could not deliver')}
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
              {t('Cash collected (Rs)')}
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
              {t('Confirm delivered')}
            </button>
            <button type="button" className="rider-button" onClick={() => setStep('idle')}>
              {t('Back')}
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
            {t('Reason')}
            <select
              className="rider-input"
              value={reason}
              onChange={(event) => setReason(event.target.value as NotDeliveredReason)}
            >
              {NOT_DELIVERED_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(NOT_DELIVERED_TEXTS[r])}
                </option>
              ))}
            </select>
          </label>
          <label className="rider-label">
            {t('Note')}
            <textarea
              className="rider-input"
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </label>
          <div className="rider-links">
            <button type="submit" className="rider-button rider-primary" disabled={busy}>
              {t('Hand back to the shop')}
            </button>
            <button type="button" className="rider-button" onClick={() => setStep('idle')}>
              {t('Back')}
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
