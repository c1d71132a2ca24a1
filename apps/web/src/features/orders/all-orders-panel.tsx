import { ONLY_PROCESSING_CANCELLABLE, type Order, type OrderList } from '@pasal/contract/orders';
import axios from 'axios';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { WalletStalledAlert } from '../../components/wallet-stalled-alert';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { goToWallet } from '../../lib/go-to-wallet';
import { retryPayment } from '../../lib/payments-api';
import { useWalletTimeout } from '../../lib/use-wallet-timeout';
import { CancelOrderModal } from './cancel-order-modal';
import { OrderCard } from './order-card';
import { paymentMethodLabel, payNowWallet } from './order-display';
import { cancelOrder, fetchOrders, serverMessage } from './orders-api';
import { Pager } from './pager';
import { useAutoDismiss } from './use-auto-dismiss';

/** The ineligible-cancel banner stays this long unless dismissed (accounts-orders.md §9). */
export const CANCEL_BANNER_MS = 3000;
export const PAY_NOW_FAILED = msg('Could not start the payment. Please try again.');

interface Props {
  page: number;
  onPage(page: number): void;
  /** Passed in so tests can watch where the browser would go. */
  toWallet?: typeof goToWallet;
}

/** All Orders: cards, the cancel popup, the 3 s banner for ineligible orders, Pay now. */
export function AllOrdersPanel({ page, onPage, toWallet = goToWallet }: Props) {
  const { t } = useTranslation();
  const [list, setList] = useState<OrderList | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [banner, setBanner] = useState(0); // 0: hidden; otherwise a new showing
  const [paying, setPaying] = useState<number | null>(null);
  /** The order whose wallet did not open in time after Pay now. */
  const [stalled, setStalled] = useState<Order | null>(null);
  const payingRef = useRef<Order | null>(null);
  useWalletTimeout(
    paying !== null,
    useCallback(() => {
      setPaying(null);
      setStalled(payingRef.current);
    }, []),
  );
  /** Bumped to read the list again (Pay now refused: an earlier payment went through). */
  const [reload, setReload] = useState(0);
  useAutoDismiss(banner > 0, CANCEL_BANNER_MS, () => setBanner(0), banner);

  // Back from the wallet, the browser may restore this page as it was left: Pay now works again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && setPaying(null);
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is the trigger to read the list again
  useEffect(() => {
    const controller = new AbortController();
    setList(null);
    fetchOrders(page, controller.signal).then(setList, (error) => {
      if (controller.signal.aborted) return;
      // Order fetch errors are only logged; the empty state shows (accounts-orders.md §8).
      console.error('Orders could not be loaded', error);
      setList({ count: 0, page_size: 10, links: { next: null, previous: null }, results: [] });
    });
    return () => controller.abort();
  }, [page, reload]);

  const askCancel = (order: Order) => {
    if (order.can_cancel) setCancelling(order);
    else setBanner((n) => n + 1);
  };

  const submitCancel = async (order: Order, reason: string) => {
    try {
      const answer = await cancelOrder(order.id, reason);
      setList(
        (current) =>
          current && {
            ...current,
            results: current.results.map((o) => (o.id === order.id ? answer.order : o)),
          },
      );
      setCancelling(null);
      toast.success(translateText(answer.message));
    } catch (error) {
      throw new Error(serverMessage(error, t('Failed to cancel the order. Please try again.')));
    }
  };

  const payNow = async (order: Order) => {
    const wallet = payNowWallet(order);
    if (!wallet) return;
    setPaying(order.id);
    setStalled(null);
    payingRef.current = order;
    try {
      const started = await retryPayment(order.id, wallet);
      toWallet(started.next);
    } catch (error) {
      setPaying(null);
      toast.error(translateText(serverMessage(error, PAY_NOW_FAILED)));
      // A 409: the server found the earlier payment (or one under way); the card shows it.
      if (axios.isAxiosError(error) && error.response?.status === 409) setReload((n) => n + 1);
    }
  };

  if (list === null)
    return (
      <p className="text-body-secondary" role="status">
        {t('Loading...')}
      </p>
    );
  return (
    <>
      {banner > 0 && (
        <div className="alert alert-danger alert-dismissible d-flex" role="alert">
          <span className="me-4">{t(ONLY_PROCESSING_CANCELLABLE)}</span>
          <button
            type="button"
            className="btn-close"
            aria-label={t('Dismiss')}
            onClick={() => setBanner(0)}
          />
        </div>
      )}
      {stalled && (
        <WalletStalledAlert wallet={paymentMethodLabel(stalled.payment_method)} orderId={stalled.id} />
      )}
      {list.results.length === 0 ? (
        <p className="text-body-secondary">{t('No orders found.')}</p>
      ) : (
        <div className="d-grid gap-3">
          {list.results.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              paying={paying === order.id}
              onCancel={askCancel}
              onPayNow={payNow}
            />
          ))}
        </div>
      )}
      <Pager
        page={page}
        count={list.count}
        pageSize={list.page_size}
        label={t('Order pages')}
        onPage={onPage}
      />
      {cancelling && (
        <CancelOrderModal
          order={cancelling}
          onClose={() => setCancelling(null)}
          onSubmit={(reason) => submitCancel(cancelling, reason)}
        />
      )}
    </>
  );
}
