import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import './orders.css';
import { MAX_CANCEL_REASON_LENGTH, type Order } from '@pasal/contract/orders';
import { useId, useState } from 'react';
import { Modal } from 'react-bootstrap';
import { ProductImage } from '../../components/product-image';
import { DEFAULT_IMAGE } from '../../lib/product';
import { cancelPreview, formatOrderRs, trackingLabel } from './order-display';

export const CANCEL_POLICY = msg(
  'Only orders still in "Order Processing" can be cancelled. Once cancelled, the items go back on sale, any promo code you used can be used again, and a payment you made online is refunded to your wallet.',
);
export const REASON_REQUIRED = msg('Please give a reason');

interface Props {
  order: Order;
  /** Sends the cancellation; resolves when it is done, rejects with the message to show. */
  onSubmit(reason: string): Promise<void>;
  onClose(): void;
}

/** The cancel popup: policy notice, the product image, the price and a reason. */
export function CancelOrderModal({ order, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const reasonId = useId();
  const errorId = useId();
  const { line, others } = cancelPreview(order.lines);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(REASON_REQUIRED);
      return;
    }
    setSending(true);
    setError('');
    try {
      await onSubmit(reason.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSending(false);
    }
  };

  return (
    <Modal show onHide={sending ? () => {} : onClose} centered aria-labelledby="cancel-order-title">
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton={!sending} closeLabel={t('Close')}>
          <Modal.Title id="cancel-order-title" as="h2" className="h5">
            {t('Cancel Order {{id}}', { id: trackingLabel(order) })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="alert alert-warning small mb-3">{t(CANCEL_POLICY)}</p>
          <div className="d-flex gap-3 align-items-center mb-3">
            <div className="cancel-order-image overflow-hidden">
              <ProductImage
                src={line?.image || DEFAULT_IMAGE}
                alt={line?.title ?? ''}
                className="w-100 h-100 object-fit-cover"
              />
            </div>
            <div className="min-w-0">
              {line && <div className="text-break">{line.title}</div>}
              {others > 0 && (
                <div className="small text-body-secondary">
                  {t('and {{count, n}} more items', { count: others })}
                </div>
              )}
              <div className="fw-semibold">{formatOrderRs(order.total)}</div>
            </div>
          </div>
          <label htmlFor={reasonId} className="form-label">
            {t('Reason for cancellation')}
          </label>
          <textarea
            id={reasonId}
            className={`form-control ${error ? 'is-invalid' : ''}`}
            rows={3}
            maxLength={MAX_CANCEL_REASON_LENGTH}
            value={reason}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
          />
          {error && (
            <div id={errorId} className="invalid-feedback d-block" role="alert">
              {translateText(error)}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={sending}>
            {t('Keep Order')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={sending}>
            {sending ? t('Cancelling...') : t('Cancel Order')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
