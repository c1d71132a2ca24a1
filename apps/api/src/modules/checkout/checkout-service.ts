import { randomBytes } from 'node:crypto';
import type { Address } from '@pasal/contract/addresses';
import { MAX_INT } from '@pasal/contract/cart';
import { type CheckoutInput, type CheckoutResponse, onlyInStockOf } from '@pasal/contract/checkout';
import type { ErrorBody } from '@pasal/contract/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { productImages, products } from '../../db/schema/catalogue';
import { orderLines, orders, voucherUses } from '../../db/schema/orders';
import { cartItems, carts } from '../../db/schema/shopping';
import { users } from '../../db/schema/users';
import { AppError, BadRequestError } from '../../lib/errors';
import { toRupees } from '../../lib/money';
import { getAddress } from '../addresses/addresses-service';
import { currentSellingPrice } from '../catalogue/product-queries';
import { deliveryCharge } from '../delivery/delivery-rule';
import { deliveringStation } from '../delivery/delivery-service';
import { deliverQueuedMessage, type QueuedMessage, queueMessage } from '../messaging/messenger';
import { recordStatusChange } from '../orders/order-history';
import { KHALTI_MINIMUM_PAISA } from '../payments/khalti-provider';
import type { PaymentLog } from '../payments/payment-log';
import type { WalletName } from '../payments/payment-provider';
import { startPayment, WALLET_TITLES } from '../payments/payment-service';
import { orderPaymentColumns } from '../payments/payment-status';
import { paymentProvider } from '../payments/wallets';
import { evaluateVoucher } from '../vouchers/voucher-service';
import { confirmationMessage } from './confirmation-message';
import { claimKey, replay, requestHash, type StoredAnswer, storeAnswer } from './idempotency';

export interface CheckoutDeps {
  db: Db;
  config: AppConfig;
  log: PaymentLog;
}

export interface CheckoutCall {
  userId: number;
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

interface LockedProduct {
  id: number;
  title: string;
  stock: number;
  isActive: boolean;
  markedPrice: number;
  price: number;
}

/**
 * Locks the ordered products (ascending id, `for update`: the one order every writer of stock
 * uses, so checkouts and cancellations never deadlock) and reads their price in force now.
 */
async function lockProducts(tx: DbOrTx, ids: number[]): Promise<Map<number, LockedProduct>> {
  const rows = await tx
    .select({
      id: products.id,
      title: products.title,
      stock: products.stock,
      isActive: products.isActive,
      markedPrice: products.markedPrice,
      price: currentSellingPrice,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update', { of: products });
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every line must be sold and in stock for its quantity; the first that is not answers (request order). */
function checkLines(wanted: [number, number][], locked: Map<number, LockedProduct>): void {
  for (const [id, quantity] of wanted) {
    const product = locked.get(id);
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

/**
 * The order itself, inside the caller's transaction: everything is read and decided here, under
 * the locks, from the server's own data; nothing the client says about prices counts.
 */
async function placeOrder(tx: DbOrTx, deps: CheckoutDeps, call: CheckoutCall): Promise<Placed> {
  const { userId, body } = call;
  const wallet: WalletName | null = body.payment_method === 'cash' ? null : body.payment_method;
  if (wallet && !paymentProvider(deps.config, wallet))
    throw refuse(`${WALLET_TITLES[wallet]} is not available. Please choose another payment method.`);

  // The address first: someone else's is a 404 before anything about products is said.
  const address = await getAddress(tx, userId, body.location);
  const station = await deliveringStation(tx, address);

  const wanted = body.product_id.map((id, i) => [id, body.qtys[i]] as [number, number]);
  const ids = [...body.product_id].sort((a, b) => a - b);
  const locked = await lockProducts(tx, ids);
  checkLines(wanted, locked);

  const lines = wanted.map(([id, quantity]) => {
    const product = locked.get(id)!;
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
  if (wallet === 'khalti' && total < KHALTI_MINIMUM_PAISA)
    throw refuse('Khalti accepts payments of Rs 10 or more. Please choose another payment method.');

  // Rows are locked and checked: one statement takes every quantity off (the check constraint backs it).
  await tx.execute(sql`
    update ${products} set stock = ${products.stock} - v.quantity
    from (values ${sql.join(
      lines.map((line) => sql`(${line.product.id}::integer, ${line.quantity}::integer)`),
      sql`, `,
    )}) as v(id, quantity)
    where ${products.id} = v.id
  `);

  const images = await tx
    .select({ productId: productImages.productId, thumbnail: productImages.thumbnail })
    .from(productImages)
    .where(and(inArray(productImages.productId, ids), eq(productImages.isPrimary, true)))
    .orderBy(asc(productImages.position));
  const thumbnailOf = new Map<number, string>();
  for (const image of images)
    if (!thumbnailOf.has(image.productId)) thumbnailOf.set(image.productId, image.thumbnail);

  const now = new Date();
  const paymentStatus = wallet ? 'Pending' : 'Unpaid';
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      trackingId: newTrackingId(),
      paymentMethod: wallet ?? 'cash',
      ...orderPaymentColumns(paymentStatus),
      addressId: address.id,
      shippingAddress: addressSnapshot(address),
      subtotal,
      discount,
      deliveryCharge: delivery.chargePaisa,
      total,
      voucherId,
      deliveryStationId: station.id,
      notes: body.notes,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(orderLines).values(
    lines.map((line) => ({
      orderId: order.id,
      productId: line.product.id,
      title: line.product.title,
      image: thumbnailOf.get(line.product.id) ?? null,
      quantity: line.quantity,
      unitPrice: line.product.price,
      markedPrice: line.product.markedPrice,
      lineTotal: line.lineTotal,
    })),
  );
  if (voucherId !== null) await tx.insert(voucherUses).values({ voucherId, userId, orderId: order.id });
  await recordStatusChange(tx, {
    orderId: order.id,
    from: null,
    to: 'Order Processing',
    actor: 'customer',
    actorUserId: userId,
    at: now,
  });
  // The bought products leave the customer's server cart.
  await tx
    .delete(cartItems)
    .where(
      and(
        inArray(cartItems.productId, ids),
        inArray(cartItems.cartId, tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))),
      ),
    );

  const [customer] = await tx
    .select({ email: users.email, phone: users.phone, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  const message = confirmationMessage(customer, {
    trackingId: order.trackingId,
    lines: lines.map((line) => ({
      title: line.product.title,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
    })),
    subtotal,
    discount,
    voucherCode: body.voucher_code,
    deliveryCharge: delivery.chargePaisa,
    total,
    paymentMethod: wallet ?? 'cash',
    address,
  });
  const queued = message ? await queueMessage(tx, deps.config, message) : null;

  return {
    wallet,
    queued,
    answer: {
      order_id: order.id,
      tracking_id: order.trackingId,
      total_amount: toRupees(total),
      subtotal: toRupees(subtotal),
      discount: toRupees(discount),
      delivery_charge: toRupees(delivery.chargePaisa),
      payment_method: wallet ?? 'cash',
      payment_status: paymentStatus,
      payment: null,
    },
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
    if (!(error instanceof AppError) || (error.statusCode >= 500 && error.statusCode !== 503)) throw error;
    const [order] = await deps.db
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, answer.order_id));
    return {
      ...answer,
      payment_status: order?.paymentStatus ?? 'Unpaid',
      payment: null,
      payment_error: error.message,
    };
  }
}

/**
 * POST /checkout/: one transaction places the order (docs/decisions/012-checkout-and-orders.md);
 * then the confirmation goes to its provider and a wallet payment is started. With an
 * Idempotency-Key the first answer (success or refusal) is stored in that same transaction and
 * every retry gets it back.
 */
export async function checkout(deps: CheckoutDeps, call: CheckoutCall): Promise<StoredAnswer> {
  const key = call.idempotencyKey;
  const hash = key ? requestHash('checkout', call.body) : '';
  const result = await deps.db.transaction(async (tx) => {
    if (!key) return { kind: 'placed' as const, placed: await placeOrder(tx, deps, call), keyId: null };
    const claim = await claimKey(tx, call.userId, key, hash);
    if (!claim.claimed) return { kind: 'replay' as const, row: claim.row };
    try {
      // A savepoint: a refusal undoes the order's writes but keeps the key with its answer.
      const placed = await tx.transaction((savepoint) => placeOrder(savepoint, deps, call));
      // A wallet order's answer is final once its payment has been started (after the commit).
      await storeAnswer(tx, claim.id, placed.wallet ? null : 201, placed.answer);
      return { kind: 'placed' as const, placed, keyId: claim.id };
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      await storeAnswer(tx, claim.id, error.statusCode, errorAnswer(error));
      return { kind: 'refused' as const, error };
    }
  });
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
