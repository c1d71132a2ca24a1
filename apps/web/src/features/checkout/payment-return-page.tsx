import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { WalletStalledAlert } from '../../components/wallet-stalled-alert';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { goToWallet } from '../../lib/go-to-wallet';
import { retryPayment } from '../../lib/payments-api';
import { useWalletTimeout } from '../../lib/use-wallet-timeout';
import { cartActions } from '../cart/cart-slice';
import { fetchCart } from '../cart/cart-thunks';
import {
  checkOrderPayment,
  fetchOrderPayment,
  type OrderPaymentResponse,
  payOrderWithCash,
  refusalOf,
  type Wallet,
} from './checkout-api';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { OrderSuccessModal, type PlacedOrder } from './order-success-modal';
import { useBackFromWallet } from './use-back-from-wallet';

const WALLET_NAMES = { esewa: 'eSewa', khalti: 'Khalti' } as const;
/** While the wallet has not settled, the page asks again this often, this many times. */
const POLL_MS = 2000;
const POLLS = 15;

type View =
  | { kind: 'verifying' }
  | { kind: 'paid'; payment: OrderPaymentResponse }
  | { kind: 'pending'; payment: OrderPaymentResponse }
  | { kind: 'failed'; payment: OrderPaymentResponse }
  | { kind: 'cash'; payment: OrderPaymentResponse }
  | { kind: 'closed'; payment: OrderPaymentResponse }
  | { kind: 'unknown' };

function viewOf(payment: OrderPaymentResponse): View {
  if (payment.payment_status === 'Paid') return { kind: 'paid', payment };
  if (payment.order_status === 'Cancelled' || payment.payment_status === 'Refund due')
    return { kind: 'closed', payment };
  // A latest attempt the wallet holds unpaid (Khalti "Initiated": the shopper came Back) is no
  // payment under way: Try again and Pay with cash instead stay offered.
  if (payment.payment_status === 'Pending' && payment.attempts.at(-1)?.status !== 'initiated')
    return { kind: 'pending', payment };
  if (payment.payment_method === 'cash') return { kind: 'cash', payment };
  return { kind: 'failed', payment };
}

/** The wallet of the order's latest attempt (the one Try again pays with). */
const walletOf = (payment: OrderPaymentResponse): Wallet =>
  payment.attempts.at(-1)?.provider ?? (payment.payment_method === 'khalti' ? 'khalti' : 'esewa');

const placedOf = (payment: OrderPaymentResponse): PlacedOrder => ({
  orderId: payment.order_id,
  total: payment.total_amount,
  method: payment.payment_method,
  paid: payment.payment_status === 'Paid',
});

/**
 * /payment/return?order={id}&status={hint}: where the wallets' returns land (docs/payments.md). The
 * status in the address is only a hint: the page asks the server, which has confirmed the payment
 * with the wallet itself, and shows success, or the failure with Try again and Pay with cash instead.
 */
export function PaymentReturnPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = Number(params.get('order'));
  const dispatch = useAppDispatch();
  const [view, setView] = useState<View>({ kind: 'verifying' });
  const [busy, setBusy] = useState<'retry' | 'cash' | null>(null);
  const [stalled, setStalled] = useState(false);
  /** Bumped when the shopper comes Back from a wallet: the server asks the wallet again. */
  const [back, setBack] = useState(0);
  useBackFromWallet(
    useCallback(() => {
      setBusy(null);
      setBack((n) => n + 1);
    }, []),
  );
  useWalletTimeout(
    busy === 'retry',
    useCallback(() => {
      setBusy(null);
      setStalled(true);
    }, []),
  );

  // The promo went with the order; its lines left the server cart when it was placed.
  useEffect(() => {
    dispatch(cartActions.promoRemoved());
    void dispatch(fetchCart());
  }, [dispatch]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: back is the trigger to ask again after Back
  useEffect(() => {
    if (!Number.isInteger(orderId) || orderId <= 0) {
      setView({ kind: 'unknown' });
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The first answer comes after the server asked the wallets (a payment made there whose
    // browser never came back is found); the polls then only read.
    const read = async (first: boolean) => {
      if (!first) return fetchOrderPayment(orderId);
      try {
        return await checkOrderPayment(orderId);
      } catch {
        return fetchOrderPayment(orderId);
      }
    };
    const ask = async (left: number) => {
      try {
        const payment = await read(left === POLLS);
        if (stopped) return;
        const next = viewOf(payment);
        if (next.kind === 'pending' && left > 0) {
          timer = setTimeout(() => void ask(left - 1), POLL_MS);
          return;
        }
        setView(next);
      } catch {
        if (!stopped) setView({ kind: 'unknown' });
      }
    };
    void ask(POLLS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, back]);

  const tryAgain = useCallback(
    async (payment: OrderPaymentResponse) => {
      setBusy('retry');
      setStalled(false);
      try {
        const started = await retryPayment(payment.order_id, walletOf(payment));
        goToWallet(started.next);
      } catch (error) {
        const reason = refusalOf(error)?.message;
        toast.error(
          reason ? translateText(reason) : t('The payment could not be started. Please try again.'),
        );
        setBusy(null);
        // Refused because an earlier payment went through (or is under way): show what it is now.
        if (refusalOf(error)?.status === 409) setBack((n) => n + 1);
      }
    },
    [t],
  );

  const payWithCash = useCallback(
    async (payment: OrderPaymentResponse) => {
      setBusy('cash');
      try {
        setView(viewOf(await payOrderWithCash(payment.order_id)));
      } catch (error) {
        const reason = refusalOf(error)?.message;
        toast.error(
          reason ? translateText(reason) : t('The order could not be switched to cash. Please try again.'),
        );
      } finally {
        setBusy(null);
      }
    },
    [t],
  );

  let body: React.ReactNode;
  switch (view.kind) {
    case 'verifying':
      body = (
        <div role="status" className="d-flex align-items-center gap-2">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          <span>{t(CHECKOUT_TEXTS.verifying)}</span>
        </div>
      );
      break;
    case 'paid':
    case 'cash':
      body = (
        <p>
          {view.kind === 'paid'
            ? t('Your payment for order #{{orderId}} is confirmed.', { orderId: view.payment.order_id })
            : t('Order #{{orderId}} will be paid in cash on delivery.', { orderId: view.payment.order_id })}
        </p>
      );
      break;
    case 'pending':
      body = (
        <>
          <h2 className="h5">{t('Your payment is still being confirmed')}</h2>
          <p>
            {t(
              '{{wallet}} has not confirmed the payment for order #{{orderId}} yet. We check again by ourselves and mark the order paid as soon as it does; you can follow it under your orders.',
              { wallet: WALLET_NAMES[walletOf(view.payment)], orderId: view.payment.order_id },
            )}
          </p>
          <Link to="/orders" className="btn btn-success">
            {t('View Orders')}
          </Link>
        </>
      );
      break;
    case 'failed': {
      const wallet = WALLET_NAMES[walletOf(view.payment)];
      body = (
        <div className="alert alert-danger" role="alert">
          <h2 className="h5">{t('Payment not completed')}</h2>
          <p>
            {t(
              'Your {{wallet}} payment for order #{{orderId}} did not go through, and the order is not paid yet. Your order is saved: try the payment again, or pay in cash when it arrives.',
              { wallet, orderId: view.payment.order_id },
            )}
          </p>
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-success"
              disabled={busy !== null}
              onClick={() => tryAgain(view.payment)}
            >
              {busy === 'retry' ? t('Going to {{wallet}}…', { wallet }) : t('Try again')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy !== null}
              onClick={() => payWithCash(view.payment)}
            >
              {t('Pay with cash instead')}
            </button>
          </div>
        </div>
      );
      break;
    }
    case 'closed':
      body = (
        <div className="alert alert-warning" role="alert">
          <h2 className="h5">{t('This order was cancelled')}</h2>
          <p className="mb-2">
            {t('Order #{{orderId}} was cancelled.', { orderId: view.payment.order_id })}
            {view.payment.payment_status === 'Refund due'
              ? ` ${t('The payment you made will be refunded.')}`
              : ''}
            {view.payment.payment_status === 'Refunded' ? ` ${t('The payment you made was refunded.')}` : ''}
          </p>
          <Link to="/orders" className="btn btn-secondary">
            {t('View Orders')}
          </Link>
        </div>
      );
      break;
    default:
      body = (
        <div className="alert alert-danger" role="alert">
          <h2 className="h5">{t('We could not verify this payment')}</h2>
          <p className="mb-2">{t('The order was not found. Your orders show what was paid.')}</p>
          <Link to="/orders" className="btn btn-secondary">
            {t('View Orders')}
          </Link>
        </div>
      );
  }

  const success = view.kind === 'paid' || view.kind === 'cash' ? placedOf(view.payment) : null;
  return (
    <section aria-labelledby="payment-return-title">
      <h1 id="payment-return-title" className="h4 mb-3">
        {t('Payment')}
      </h1>
      {stalled && view.kind === 'failed' && (
        <WalletStalledAlert
          wallet={WALLET_NAMES[walletOf(view.payment)]}
          orderId={view.payment.order_id}
          to="/orders"
          linkText={t('View Orders')}
        />
      )}
      {body}
      <OrderSuccessModal order={success} />
    </section>
  );
}
