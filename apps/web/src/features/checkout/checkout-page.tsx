import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { WalletStalledAlert } from '../../components/wallet-stalled-alert';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { goToWallet } from '../../lib/go-to-wallet';
import { toPaisa, toRupees } from '../../lib/money';
import { useWalletTimeout } from '../../lib/use-wallet-timeout';
import { noteOrderPlaced } from '../../pwa/install-timing';
import { useOnline } from '../../pwa/pwa-state';
import { cartActions, selectCart } from '../cart/cart-slice';
import { fetchCart, syncCustomerCart } from '../cart/cart-thunks';
import { clearBuyNow, useBuyNowLine } from '../cart/use-buy-now-line';
import { AddressList } from './address-list';
import { AddressModal } from './address-modal';
import type { Address } from './addresses-api';
import { listPaymentMethods, type PaymentChoice, type PaymentMethod } from './checkout-api';
import { CheckoutSummary } from './checkout-summary';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { DeliverySlotPicker } from './delivery-slot-picker';
import { OrderSuccessModal, type PlacedOrder } from './order-success-modal';
import { PaymentChoiceField } from './payment-choice';
import { useAddresses } from './use-addresses';
import { useBackFromWallet } from './use-back-from-wallet';
import { useDeliveryQuote } from './use-delivery-quote';
import { useDeliverySlots } from './use-delivery-slots';
import { type PlaceOutcome, usePlaceOrder } from './use-place-order';

const WALLET_NAMES = { esewa: 'eSewa', khalti: 'Khalti' } as const;

/** /checkout (shopping.md §2 Checkout screen, §4 Checkout, §5; DECISIONS.md §4). */
export function CheckoutPage() {
  const { t } = useTranslation();
  const cart = useAppSelector(selectCart);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const book = useAddresses();
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);
  const [payment, setPayment] = useState<PaymentChoice>('cash');
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  const [notes, setNotes] = useState('');
  /** The chosen delivery slot ("id@date"), when the station offers slots. */
  const [slot, setSlot] = useState<string | null>(null);
  const [pan, setPan] = useState('');
  const panValid = /^(\d{9})?$/.test(pan.trim());
  const [terms, setTerms] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [leaving, setLeaving] = useState<string | null>(null);
  /** The order whose wallet did not open in time (use-wallet-timeout.ts). */
  const [stalled, setStalled] = useState<{ orderId: number; wallet: string } | null>(null);
  const leftFor = useRef<{ orderId: number; wallet: string } | null>(null);
  const [cartRead, setCartRead] = useState(false);
  // Buy now checks out its one line and leaves the cart as it was (decision 046).
  const [params] = useSearchParams();
  const wantsBuyNow = params.get('buy') === 'now';
  const [buyNowLine, repriceBuyNow] = useBuyNowLine(wantsBuyNow);
  const { place, placing, pending } = usePlaceOrder();
  /** An order tapped while offline (also before a reload) that has had no answer yet. */
  const [waitingOrder, setWaitingOrder] = useState(() => pending()?.offline === true);
  const online = useOnline();
  useBackFromWallet(useCallback(() => setLeaving(null), []));
  useWalletTimeout(
    leaving !== null,
    useCallback(() => {
      setLeaving(null);
      setStalled(leftFor.current);
    }, []),
  );

  // The cart is read afresh (live prices and stock), and the methods the shop offers now.
  useEffect(() => {
    void dispatch(syncCustomerCart()).finally(() => setCartRead(true));
    listPaymentMethods().then(setMethods, () => setMethods(null));
  }, [dispatch]);

  // Lines the server would not sell now are not ordered (nor counted in the cart's total).
  const lines = useMemo(
    () => (buyNowLine ? [buyNowLine] : cart.items.filter((i) => i.is_available !== false)),
    [buyNowLine, cart.items],
  );
  const subtotal = buyNowLine ? buyNowLine.subtotal : cart.totalAmount;
  const discount = buyNowLine ? 0 : cart.discountAmount;
  const promoCode = buyNowLine ? null : cart.promoCode;
  const orderLines = useMemo(
    () => lines.map((l) => ({ product_id: l.product, quantity: l.quantity })),
    [lines],
  );
  const quote = useDeliveryQuote(book.selected?.id ?? null, orderLines);
  const goods = buyNowLine ? buyNowLine.subtotal : cart.finalAmount;
  const total = toRupees(toPaisa(goods) + toPaisa(quote.info.delivery_charge));
  const undeliverable = book.selected !== null && (!book.selected.is_deliverable || quote.undeliverable);
  const deliverySlots = useDeliverySlots(book.selected?.id ?? null);
  const slotOffered = deliverySlots.slots?.find((s) => `${s.id}@${s.date}` === slot && s.available);
  // A station with slots needs one chosen; their list must be in before the order can go.
  const slotReady =
    deliverySlots.slots !== null && (deliverySlots.slots.length === 0 || slotOffered !== undefined);
  const canPlace =
    book.selected !== null &&
    terms &&
    lines.length > 0 &&
    !undeliverable &&
    slotReady &&
    (buyNowLine !== null || !cart.isLoading) &&
    !placing &&
    leaving === null;

  // An order tapped while offline is sent, as it was and with its key, once online (also after a
  // reload). One that failed online is not: the shopper was told it failed, and their next tap
  // sends what the page shows then (use-place-order.ts).
  const resend = useRef<() => void>(() => {});
  resend.current = () => {
    if (pending()?.offline && navigator.onLine) void place(null).then(handle);
  };
  useEffect(() => {
    const online = () => resend.current();
    online();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  // A wallet that is off (production without credentials) cannot stay chosen.
  useEffect(() => {
    if (payment !== 'cash' && methods?.some((m) => m.id === payment && !m.available)) setPayment('cash');
  }, [methods, payment]);

  async function placeOrder() {
    if (!canPlace || !book.selected || !panValid) return;
    const outcome = await place({
      product_id: orderLines.map((l) => l.product_id),
      qtys: orderLines.map((l) => l.quantity),
      location: book.selected.id,
      voucher_code: promoCode ?? '',
      payment_method: payment,
      notes: notes.trim(),
      ...(slotOffered ? { slot: { id: slotOffered.id, date: slotOffered.date } } : {}),
      ...(pan.trim() ? { buyer_pan: pan.trim() } : {}),
      ...(buyNowLine ? { keep_cart: true } : {}),
      // The prices shown: one that changed since (a flash sale ended) is refused, not charged.
      unit_prices: lines.map((l) => l.rate),
    });
    handle(outcome);
  }

  function handle(outcome: PlaceOutcome) {
    if (outcome.kind === 'busy') return;
    setWaitingOrder(outcome.kind === 'offline');
    if (outcome.kind === 'offline') return;
    if (outcome.kind === 'placed-earlier') {
      // An earlier tap's order had gone through: show it rather than place a second one.
      noteOrderPlaced();
      if (!buyNowLine) void dispatch(fetchCart());
      toast.info(t(CHECKOUT_TEXTS.placedEarlier, { id: outcome.order.order_id }));
      navigate(`/orders/${outcome.order.order_id}`);
      return;
    }
    if (outcome.kind !== 'placed') {
      toast.error(translateText(outcome.message));
      // A slot taken or closed meanwhile: the list shows it now.
      deliverySlots.reload();
      // A promo code that no longer applies (expired, used up meanwhile) leaves the order: the
      // summary shows the total without it, and the next tap places it so or not at all.
      if (outcome.kind === 'refused' && outcome.promoRefused) dispatch(cartActions.promoRemoved());
      // A line short of stock, or a price that changed: the page shows the cart as it is now.
      if (outcome.kind === 'refused' && (outcome.product !== undefined || outcome.changed)) {
        if (buyNowLine) for (const line of outcome.changed ?? []) repriceBuyNow(line.price);
        else void dispatch(fetchCart());
      }
      return;
    }
    const { order } = outcome;
    noteOrderPlaced();
    if (buyNowLine) clearBuyNow();
    else {
      // The promo was spent on this order and the bought lines left the server cart.
      dispatch(cartActions.promoRemoved());
      void dispatch(fetchCart());
    }
    if (order.payment_method === 'cash') {
      setPlaced({
        orderId: order.order_id,
        trackingId: order.tracking_id,
        total: order.total_amount,
        method: 'cash',
        paid: false,
        slot: order.slot,
      });
      return;
    }
    if (order.payment) {
      setLeaving(WALLET_NAMES[order.payment.provider]);
      leftFor.current = { orderId: order.order_id, wallet: WALLET_NAMES[order.payment.provider] };
      goToWallet(order.payment.next);
      return;
    }
    // The order stands but the wallet could not be started: the return page offers Try again or cash.
    if (order.payment_error) toast.error(translateText(order.payment_error));
    navigate(`/payment/return?order=${order.order_id}&status=unpaid`);
  }

  // Until the cart was read, an empty local cart may just not be here yet.
  const emptyCart = !buyNowLine && cart.items.length === 0 && !cart.isLoading && cartRead;
  const waiting = !buyNowLine && cart.items.length === 0 && !cartRead;
  let placeLabel = t('Place Order');
  if (placing) placeLabel = t('Placing Order…');
  else if (leaving) placeLabel = t('Going to {{wallet}}…', { wallet: leaving });

  return (
    <section aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="h4 mb-3">
        {t('Checkout')}
      </h1>
      {stalled && <WalletStalledAlert wallet={stalled.wallet} orderId={stalled.orderId} />}
      {waiting && !placed ? (
        <p className="text-body-secondary" role="status">
          {t('Loading cart...')}
        </p>
      ) : emptyCart && !placed && !leaving ? (
        <div className="text-center py-5">
          <h2 className="h5">{t(CHECKOUT_TEXTS.emptyCart)}</h2>
          <p>{t(CHECKOUT_TEXTS.emptyCartHint)}</p>
          <Link to="/" className="btn btn-success">
            {t('Continue Shopping')}
          </Link>
        </div>
      ) : (
        <div className="row g-4">
          <div className="col-12 col-lg-7">
            <AddressList
              addresses={book.addresses}
              loading={book.loading}
              selectedId={book.selected?.id ?? null}
              onSelect={book.select}
              onAdd={() => setEditing(null)}
              onEdit={(a) => setEditing(a)}
              onDeleted={() => void book.reload()}
            />
            {deliverySlots.slots && (
              <DeliverySlotPicker
                slots={deliverySlots.slots}
                value={slot}
                onChange={setSlot}
                disabled={placing}
              />
            )}
            <PaymentChoiceField value={payment} onChange={setPayment} methods={methods} disabled={placing} />
            <div className="card mb-3">
              <div className="card-body">
                <label htmlFor="order-notes" className="h5 form-label">
                  {t('Order Notes')}
                </label>
                <textarea
                  id="order-notes"
                  className="form-control"
                  rows={3}
                  maxLength={500}
                  placeholder={t('Anything the delivery person should know (optional)')}
                  value={notes}
                  onChange={(e) => setNotes(e.target.value)}
                />
                <label htmlFor="buyer-pan" className="form-label mt-3">
                  {t('PAN for the tax invoice (optional)')}
                </label>
                <input
                  id="buyer-pan"
                  className={`form-control${panValid ? '' : ' is-invalid'}`}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={9}
                  aria-describedby="buyer-pan-help"
                  aria-invalid={!panValid}
                  value={pan}
                  onChange={(e) => setPan(e.target.value)}
                />
                <div id="buyer-pan-help" className={panValid ? 'form-text' : 'invalid-feedback d-block'}>
                  {panValid
                    ? t('Registered for VAT? Your 9-digit PAN is printed on the bill.')
                    : t('A PAN is 9 digits.')}
                </div>
              </div>
            </div>
          </div>
          <div className="col-12 col-lg-5">
            <section className="card" aria-labelledby="checkout-summary-title">
              <div className="card-body">
                {buyNowLine && (
                  <p className="small text-body-secondary">
                    {t('Buying just this item. Your cart stays as it was.')}
                  </p>
                )}
                <CheckoutSummary
                  lines={lines}
                  subtotal={subtotal}
                  discount={discount}
                  promoCode={promoCode}
                  total={total}
                  quote={quote}
                  hasAddress={book.selected !== null}
                />
                {undeliverable && (
                  <p className="small text-danger-emphasis" role="alert">
                    {t(CHECKOUT_TEXTS.noStations)}
                  </p>
                )}
                <div className="form-check mb-3">
                  <input
                    id="checkout-terms"
                    className="form-check-input"
                    type="checkbox"
                    checked={terms}
                    onChange={(e) => setTerms(e.target.checked)}
                  />
                  <label htmlFor="checkout-terms" className="form-check-label">
                    {t('I agree to the terms and conditions')}
                  </label>
                </div>
                {waitingOrder && (
                  <p className="small text-danger-emphasis" role="alert">
                    {t(online ? CHECKOUT_TEXTS.orderSending : CHECKOUT_TEXTS.orderOffline)}
                  </p>
                )}
                <button
                  type="button"
                  className="btn btn-success w-100"
                  disabled={!canPlace}
                  onClick={placeOrder}
                >
                  {placeLabel}
                </button>
              </div>
            </section>
          </div>
        </div>
      )}
      <AddressModal
        editing={editing}
        onHide={() => setEditing(undefined)}
        onSaved={(saved) => {
          setEditing(undefined);
          void book.reload(saved.id);
        }}
      />
      <OrderSuccessModal order={placed} />
    </section>
  );
}
