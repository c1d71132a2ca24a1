import { randomBytes } from 'node:crypto';
import type { Address } from '@pasal/contract/addresses';
import { MAX_INT } from '@pasal/contract/cart';
import {
  type CheckoutInput,
  type CheckoutResponse,
  cashOrdersWaiting,
  onlyInStockOf,
  PRICES_CHANGED,
} from '@pasal/contract/checkout';
import type { ErrorBody } from '@pasal/contract/common';
import { atMostInFlashSale } from '@pasal/contract/shop-texts';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import {
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
} from '../../lib/errors';
import { toPaisa, toRupees } from '../../lib/money';
import { ADDRESS_NOT_FOUND, toAddress } from '../addresses/addresses-service';
import { deliveryCharge } from '../delivery/delivery-rule';
import { chooseStation } from '../delivery/delivery-service';
import { orderSlotView, takeSlot } from '../delivery/delivery-slots';
import { toServingStation } from '../locations/station-queries';
import { deliverQueuedMessage, outboxRecord, type QueuedMessage } from '../messaging/messenger';
import { KHALTI_MINIMUM_PAISA } from '../payments/khalti-provider';
import type { PaymentLog } from '../payments/payment-log';
import type { WalletName } from '../payments/payment-provider';
import { startPayment, WALLET_TITLES, walletUnreachable } from '../payments/payment-service';
import { orderPaymentColumns } from '../payments/payment-status';
import { paymentProvider } from '../payments/wallets';
import { checkoutPromoTry } from '../vouchers/promo-tries';
import { evaluateVoucher } from '../vouchers/voucher-service';
import { lockCustomer, orderContext, type ProductNow, takeStock, writeOrder } from './checkout-statements';
import { confirmationMessage } from './confirmation-message';
import { claimKey, replay, requestHash, type StoredAnswer, storeAnswer } from './idempotency';

export interface CheckoutDeps {
  db: Db;
  config: AppConfig;
  log: PaymentLog;
  /** Outside production, where the shopper reached the shop (payments/browser-base.ts). */
  browserBase?: string;
}

export interface CheckoutCall {
  userId: number;
  /** The client's address: a promo code tried here counts as one tried at /voucher/apply/. */
  clientIp: string;
  body: CheckoutInput;
  /** The Idempotency-Key header, when sent. */
  idempotencyKey?: string;
}

interface Placed {
  answer: CheckoutResponse;
  wallet: WalletName | null;
  queued: QueuedMessage | null;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** PSL + 10 characters of Crockford base32 (50 random bits): readable aloud, no I/L/O/U. */
export function newTrackingId(): string {
  const bytes = randomBytes(10);
  let id = 'PSL';
  for (const byte of bytes) id += CROCKFORD[byte & 31];
  return id;
}

function refuse(message: string, extras: Record<string, unknown> = {}): BadRequestError {
  return new BadRequestError(message, { msg: message, ...extras });
}

/** The address as it is now, kept on the order so later edits never rewrite it. */
function addressSnapshot(address: Address) {
  const { id: _id, is_default: _default, is_deliverable: _deliverable, ...snapshot } = address;
  return snapshot;
}

/** What one attempt reads (no lock): the products as they are now, the customer, the address and its stations. */
async function readContext(db: DbOrTx, userId: number, body: CheckoutInput) {
  const rows = await orderContext(db, { userId, addressId: body.location, ids: body.product_id });
  const found = new Map<number, ProductNow>();
  for (const row of rows) if (row.id !== null) found.set(row.id, { ...row, id: row.id });
  return { found, customer: rows[0], address: rows[0]?.address ?? null, stations: rows[0]?.stations ?? [] };
}

/** Every line must be sold and in stock for its quantity; the first that is not answers (request order). */
function checkLines(wanted: [number, number][], found: Map<number, ProductNow>): void {
  for (const [id, quantity] of wanted) {
    const product = found.get(id);
    if (!product) throw refuse(`Product ${id} was not found.`, { product: id, available_quantity: 0 });
    if (!product.isActive)
      throw refuse(`${product.title} is no longer available.`, { product: id, available_quantity: 0 });
    if (product.stock <= 0)
      throw refuse(`${product.title} is out of stock.`, { product: id, available_quantity: 0 });
    if (quantity > product.stock)
      throw refuse(onlyInStockOf(product.title, product.stock), {
        product: id,
        available_quantity: product.stock,
      });
  }
}

/** Every line of a product on a running flash sale stays within the sale's per-customer limit. */
function checkFlashLimits(wanted: [number, number][], found: Map<number, ProductNow>): void {
  for (const [id, quantity] of wanted) {
    const product = found.get(id)!;
    if (product.flashLimit !== null && product.flashBought + quantity > product.flashLimit)
      throw refuse(`${product.title}: ${atMostInFlashSale(product.flashLimit, product.flashBought)}`, {
        product: id,
        flash_sale_limit: product.flashLimit,
      });
  }
}

/**
 * The prices the shopper saw, when the page sent them, must be today's: a flash sale that ended
 * while the page was open is never charged without being shown (409, nothing written).
 */
function checkPricesSeen(wanted: [number, number][], found: Map<number, ProductNow>, seen: number[]): void {
  const changed = wanted.flatMap(([id], index) => {
    const now = found.get(id)!.price;
    return toPaisa(seen[index]) === now ? [] : [{ product: id, price: toRupees(now) }];
  });
  if (changed.length > 0) throw new ConflictError(PRICES_CHANGED, { msg: PRICES_CHANGED, changed });
}

/** The stock guard refused a line that the read before it allowed: the attempt is rolled back and explained. */
class StockChanged extends Error {}

/**
 * The order itself, inside the caller's transaction: everything is read and decided here from the
 * server's own data; nothing the client says about prices counts. Refusals (AppError) are all
 * thrown before anything is written. The hot product's row lock is taken by the last statement
 * (`takeStock`), so it is held only from there to the commit (decision 029).
 */
async function placeOrder(
  tx: DbOrTx,
  deps: CheckoutDeps,
  call: CheckoutCall,
  keyId: number | null,
): Promise<Placed> {
  const { userId, body } = call;
  const wallet: WalletName | null = body.payment_method === 'cash' ? null : body.payment_method;
  if (wallet && !paymentProvider(deps.config, wallet))
    throw refuse(`${WALLET_TITLES[wallet]} is not available. Please choose another payment method.`);

  // This customer's other checkouts wait here, so the counts read next stay true until the commit.
  await lockCustomer(tx, { userId });
  const context = await readContext(tx, userId, body);
  // The address first: someone else's is a 404 before anything about products is said.
  if (!context.address) throw new NotFoundError(ADDRESS_NOT_FOUND);
  const cashLimit = deps.config.maxOpenCashOrders;
  if (!wallet && cashLimit > 0 && context.customer.openCashOrders >= cashLimit)
    throw refuse(cashOrdersWaiting(cashLimit));
  const address = toAddress({ ...context.address, isDeliverable: context.stations.length > 0 });
  const station = chooseStation(context.stations.map(toServingStation), address.nearest_branch_id);

  const wanted = body.product_id.map((id, i) => [id, body.qtys[i]] as [number, number]);
  const { found, customer } = context;
  checkLines(wanted, found);
  checkFlashLimits(wanted, found);
  if (body.unit_prices) checkPricesSeen(wanted, found, body.unit_prices);

  const lines = wanted.map(([id, quantity]) => {
    const product = found.get(id)!;
    return { product, quantity, lineTotal: product.price * quantity };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);

  let discount = 0;
  let voucherId: number | null = null;
  if (body.voucher_code !== '') {
    // Locks the voucher row until commit: its uses are counted, and ours recorded, under the lock.
    const verdict = await evaluateVoucher(tx, {
      code: body.voucher_code,
      userId,
      basePaisa: subtotal,
      lock: true,
    });
    if (!verdict.ok)
      throw refuse(verdict.message, {
        is_valid: false,
        reason: verdict.reason,
        voucher: null,
        discount_amount: 0,
        ...(verdict.minimumPaisa === undefined
          ? {}
          : { minimum_order_value: toRupees(verdict.minimumPaisa) }),
      });
    discount = verdict.discountPaisa;
    voucherId = verdict.voucher.id;
  }

  // The delivery rule takes the cart value before the promo (docs/delivery-charge.md).
  const delivery = deliveryCharge(station.rule, {
    distanceCentiKm: station.distanceCentiKm,
    cartValuePaisa: subtotal,
  });
  const total = subtotal - discount + delivery.chargePaisa;
  if (subtotal > MAX_INT || total > MAX_INT)
    throw refuse('This order is too large to place at once. Please split it into smaller orders.');
  // A promo code can leave nothing to pay: no wallet takes Rs 0, and an online order waits to be paid.
  if (wallet && total === 0) throw refuse(NOTHING_TO_PAY_ONLINE);
  if (wallet === 'khalti' && total < KHALTI_MINIMUM_PAISA)
    throw refuse('Khalti accepts payments of Rs 10 or more. Please choose another payment method.');

  const now = new Date();
  // Locks the slot's row until the commit: its places are counted, and ours taken, under the lock.
  const slot = await takeSlot(tx, station.id, body.slot, now);
  const trackingId = newTrackingId();
  const paymentStatus = wallet ? 'Pending' : 'Unpaid';
  const message = confirmationMessage(customer, {
    trackingId,
    lines: lines.map((line) => ({
      title: line.product.title,
      nepaliTitle: line.product.nepaliTitle,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
    })),
    subtotal,
    discount,
    voucherCode: body.voucher_code,
    deliveryCharge: delivery.chargePaisa,
    total,
    paymentMethod: wallet ?? 'cash',
    address: {
      ...address,
      districtNe: context.address.districtNe,
      municipalityNe: context.address.municipalityNe,
    },
  });
  const outbox = message ? outboxRecord(deps.config, message, now) : null;
  const answer: Omit<CheckoutResponse, 'order_id'> = {
    tracking_id: trackingId,
    total_amount: toRupees(total),
    subtotal: toRupees(subtotal),
    discount: toRupees(discount),
    delivery_charge: toRupees(delivery.chargePaisa),
    // Only with a slot: answers of stations without slots stay as they were.
    ...(slot
      ? {
          slot: orderSlotView({
            slotDate: slot.date,
            slotStartsMinute: slot.startsMinute,
            slotEndsMinute: slot.endsMinute,
          }),
        }
      : {}),
    payment_method: wallet ?? 'cash',
    payment_status: paymentStatus,
    payment: null,
  };
  const payment = orderPaymentColumns(paymentStatus);

  const [written] = await writeOrder(tx, {
    userId,
    trackingId,
    paymentMethod: wallet ?? 'cash',
    paymentStatus: payment.paymentStatus,
    paymentCompleted: payment.paymentCompleted,
    addressId: address.id,
    shippingAddress: JSON.stringify(addressSnapshot(address)),
    subtotal,
    discount,
    deliveryCharge: delivery.chargePaisa,
    total,
    voucherId,
    stationId: station.id,
    slotId: slot?.id ?? null,
    slotDate: slot?.date ?? null,
    slotStarts: slot?.startsMinute ?? null,
    slotEnds: slot?.endsMinute ?? null,
    notes: body.notes,
    buyerPan: body.buyer_pan ?? null,
    now: now.toISOString(),
    // Buy now leaves the cart as it was (decision 046): no product leaves it.
    ids: body.keep_cart ? [] : body.product_id,
    recipient: outbox?.recipient ?? null,
    channel: outbox?.channel ?? null,
    subject: outbox?.subject ?? null,
    text: outbox?.text ?? null,
    provider: outbox?.provider ?? null,
    sentAt: outbox?.sentAt?.toISOString() ?? null,
    nextAttemptAt: outbox?.nextAttemptAt?.toISOString() ?? null,
    segments: outbox?.segments ?? null,
    keyId,
    // A wallet order's answer is final once its payment has been started (after the commit).
    keyStatus: wallet ? null : 201,
    answer: JSON.stringify(answer),
  });

  // The stock last: the product rows stay locked only from here to the commit.
  const [taken] = await takeStock(tx, {
    orderId: written.orderId,
    ids: lines.map((line) => line.product.id),
    quantities: lines.map((line) => line.quantity),
    prices: lines.map((line) => line.product.price),
    markedPrices: lines.map((line) => line.product.markedPrice),
    titles: lines.map((line) => line.product.title),
    images: lines.map((line) => line.product.thumbnail),
    lineTotals: lines.map((line) => line.lineTotal),
  });
  if (taken.sold !== lines.length) throw new StockChanged();

  return {
    wallet,
    queued:
      message && outbox && !outbox.sentAt && written.messageId !== null
        ? { id: written.messageId, message }
        : null,
    answer: { order_id: written.orderId, ...answer },
  };
}

function errorAnswer(error: AppError): ErrorBody {
  return { message: error.message, ...error.extras };
}

/** Starts the wallet payment after the order committed; a wallet that fails leaves the order to pay later. */
async function startWallet(deps: CheckoutDeps, placed: Placed, userId: number): Promise<CheckoutResponse> {
  const answer = placed.answer;
  try {
    const started = await startPayment(deps, { orderId: answer.order_id, provider: placed.wallet!, userId });
    return {
      ...answer,
      payment: { provider: started.provider, reference: started.reference, next: started.browser },
    };
  } catch (error) {
    // A refusal (400/409) or an unreachable wallet (503): the order stands, Pay now can try again.
    // Anything else too: the order is committed, and a 500 would have the shopper place it again.
    const known = error instanceof AppError && (error.statusCode < 500 || error.statusCode === 503);
    if (!known)
      deps.log.error({ err: error, orderId: answer.order_id }, 'checkout: starting the payment failed');
    const [order] = await deps.db
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, answer.order_id));
    return {
      ...answer,
      payment_status: order?.paymentStatus ?? 'Unpaid',
      payment: null,
      payment_error: known ? error.message : walletUnreachable(placed.wallet!),
    };
  }
}

/** How often an order whose stock or price changed under it is tried again before a 409. */
const ATTEMPTS = 3;
export const NOTHING_TO_PAY_ONLINE = 'This order has nothing to pay online. Please choose Cash on Delivery.';
export const ORDER_CHANGED =
  'The stock or price of a product changed while your order was being placed. Please try again.';

type Attempt =
  | { kind: 'placed'; placed: Placed; keyId: number | null }
  | { kind: 'replay'; row: Parameters<typeof replay>[1] }
  | { kind: 'refused'; error: AppError };

/**
 * One attempt in one transaction: the Idempotency-Key is claimed first (a duplicate waits on it),
 * then the order is placed. A refusal is found before anything is written, so it is stored on the
 * key in the same transaction and committed; a stock guard that fails rolls everything back.
 */
function attempt(deps: CheckoutDeps, call: CheckoutCall, hash: string, gate?: AppError): Promise<Attempt> {
  const key = call.idempotencyKey;
  return deps.db.transaction(async (tx): Promise<Attempt> => {
    if (!key) return { kind: 'placed', placed: await placeOrder(tx, deps, call, null), keyId: null };
    const claim = await claimKey(tx, call.userId, key, hash);
    if (!claim.claimed) return { kind: 'replay', row: claim.row };
    // A refusal decided before the key was claimed: the claim is rolled back with it.
    if (gate) throw gate;
    try {
      return { kind: 'placed', placed: await placeOrder(tx, deps, call, claim.id), keyId: claim.id };
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      await storeAnswer(tx, claim.id, error.statusCode, errorAnswer(error));
      return { kind: 'refused', error };
    }
  });
}

/**
 * The stock guard refused: explains it from a fresh read (out of stock, "Only {n} items…", no
 * longer sold), or answers null when nothing is wrong any more (the price changed, or the stock
 * came back) and the order should simply be tried again.
 */
async function explainRefusal(deps: CheckoutDeps, call: CheckoutCall): Promise<AppError | null> {
  const wanted = call.body.product_id.map((id, i) => [id, call.body.qtys[i]] as [number, number]);
  const { found } = await readContext(deps.db, call.userId, call.body);
  try {
    checkLines(wanted, found);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** Stores a refusal found after the attempt rolled back on the key, unless another request claimed it meanwhile. */
async function refuseOnKey(deps: CheckoutDeps, call: CheckoutCall, hash: string, error: AppError) {
  const key = call.idempotencyKey;
  if (!key) return { kind: 'refused' as const, error };
  return deps.db.transaction(async (tx): Promise<Attempt> => {
    const claim = await claimKey(tx, call.userId, key, hash);
    if (!claim.claimed) return { kind: 'replay', row: claim.row };
    await storeAnswer(tx, claim.id, error.statusCode, errorAnswer(error));
    return { kind: 'refused', error };
  });
}

async function placeOnce(
  deps: CheckoutDeps,
  call: CheckoutCall,
  hash: string,
  gate?: AppError,
): Promise<Attempt> {
  for (let round = 1; ; round += 1) {
    try {
      return await attempt(deps, call, hash, gate);
    } catch (error) {
      if (!(error instanceof StockChanged)) throw error;
      const refusal =
        (await explainRefusal(deps, call)) ??
        (round < ATTEMPTS ? null : new ConflictError(ORDER_CHANGED, { msg: ORDER_CHANGED }));
      if (refusal) return refuseOnKey(deps, call, hash, refusal);
    }
  }
}

/**
 * POST /checkout/: one transaction places the order (docs/decisions/012-checkout-and-orders.md,
 * 029 for the order of its statements); then the confirmation goes to its provider and a wallet
 * payment is started. With an Idempotency-Key the first answer (success or refusal) is stored in
 * that same transaction and every retry gets it back.
 */
export async function checkout(deps: CheckoutDeps, call: CheckoutCall): Promise<StoredAnswer> {
  const hash = call.idempotencyKey ? requestHash('checkout', call.body) : '';
  // A refused promo code is a try, as at /voucher/apply/ (decision 038): checkout cannot be used
  // to guess codes past that limit. A retry of a request already made gets its answer back, never
  // a 429 in its place (the client would give the key up and place the order again): its try is
  // given back with the replay.
  let verdict: ((refused: boolean) => Promise<void>) | undefined;
  let gate: AppError | undefined;
  if (call.body.voucher_code !== '') {
    try {
      verdict = await checkoutPromoTry(deps.db, { userId: call.userId, clientIp: call.clientIp });
    } catch (error) {
      // With a key, the 429 waits until the key is claimed: a retry (its first request done, or
      // still running with its key not committed yet) gets that request's answer instead.
      if (!(error instanceof TooManyRequestsError) || !call.idempotencyKey) throw error;
      gate = error;
    }
  }
  // Without an Idempotency-Key a refusal is thrown; with one it is the attempt's answer.
  const codeRefused = (error: unknown) => error instanceof AppError && error.extras?.is_valid === false;
  let result: Attempt;
  try {
    result = await placeOnce(deps, call, hash, gate);
  } catch (error) {
    await verdict?.(codeRefused(error));
    throw error;
  }
  await verdict?.(result.kind === 'refused' && codeRefused(result.error));
  if (result.kind === 'replay') return replay(deps.db, result.row, hash);
  if (result.kind === 'refused') throw result.error;

  const { placed, keyId } = result;
  if (placed.queued) {
    const queued = placed.queued;
    // The order is committed whatever the provider does; the outbox row records the outcome.
    void deliverQueuedMessage(deps.db, deps.config, queued)
      .then((outcome) => {
        if (!outcome.sent)
          deps.log.warn({ outboxId: queued.id, error: outcome.error }, 'order confirmation: provider failed');
      })
      .catch((err) => deps.log.warn({ err, outboxId: queued.id }, 'order confirmation: not recorded'));
  }
  if (!placed.wallet) return { status: 201, body: placed.answer };
  const answer = await startWallet(deps, placed, call.userId);
  if (keyId !== null) await storeAnswer(deps.db, keyId, 201, answer);
  return { status: 201, body: answer };
}
