import type { OrderSlot } from '@pasal/contract/delivery-slots';
import Modal from 'react-bootstrap/Modal';
import { Link, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n/use-translation';
import { formatRs2 } from '../../lib/money';
import { slotText } from '../../lib/slot-text';
import { selectProfile } from '../profile/profile-slice';
import type { PaymentChoice } from './checkout-api';

export interface PlacedOrder {
  orderId: number;
  /** The identifier the order list shows (Tracking ID), so both name the order alike. */
  trackingId: string;
  total: number;
  method: PaymentChoice;
  /** The wallet confirmed the payment. */
  paid: boolean;
  /** The delivery slot the order was placed for (decision 058). */
  slot?: OrderSlot | null;
}

const WALLET_NAMES = { esewa: 'eSewa', khalti: 'Khalti' } as const;

/**
 * The order-success modal (shopping.md §2, §4): the order id, the total and the confirmation
 * sentence; View Orders and closing both go to /orders. The server e-mails the confirmation when the
 * customer has an e-mail address and sends an SMS otherwise, so the sentence says which.
 */
export function OrderSuccessModal({ order }: { order: PlacedOrder | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useAppSelector(selectProfile);
  const email = profile?.user.email;
  const toOrders = () => navigate('/orders');
  let confirmation = t('A confirmation e-mail will be sent to you.');
  if (email) confirmation = t('A confirmation e-mail will be sent to {{email}}.', { email });
  else if (profile?.user.phone)
    confirmation = t('A confirmation SMS will be sent to {{phone}}.', { phone: profile.user.phone });
  let payment = t('Please pay in cash when your order arrives.');
  if (order && order.method !== 'cash')
    payment = order.paid
      ? t('Paid with {{wallet}}.', { wallet: WALLET_NAMES[order.method] })
      : t('Your {{wallet}} payment is being confirmed.', { wallet: WALLET_NAMES[order.method] });
  return (
    <Modal show={order !== null} onHide={toOrders} centered aria-labelledby="order-success-title">
      <Modal.Header closeButton closeLabel={t('Close')}>
        <Modal.Title id="order-success-title" as="h2" className="h5">
          {t('Order placed successfully!')}
        </Modal.Title>
      </Modal.Header>
      {order && (
        <Modal.Body>
          <dl className="row mb-2">
            <dt className="col-6 fw-normal">{t('Tracking ID')}</dt>
            <dd className="col-6 mb-1 fw-semibold text-break">{order.trackingId}</dd>
            <dt className="col-6 fw-normal">{t('Total')}</dt>
            <dd className="col-6 mb-1 fw-semibold">{formatRs2(order.total)}</dd>
            {order.slot && (
              <>
                <dt className="col-6 fw-normal">{t('Delivery Slot')}</dt>
                <dd className="col-6 mb-1 fw-semibold">{slotText(order.slot)}</dd>
              </>
            )}
          </dl>
          <p className="mb-1">{payment}</p>
          <p className="mb-0">{confirmation}</p>
        </Modal.Body>
      )}
      <Modal.Footer>
        {order && (
          <Link to={`/orders/${order.orderId}`} className="btn btn-outline-success">
            {t('Order details')}
          </Link>
        )}
        <button type="button" className="btn btn-success" onClick={toOrders}>
          {t('View Orders')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
