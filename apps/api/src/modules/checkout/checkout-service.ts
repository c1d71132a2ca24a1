import { randomBytes } from 'node:crypto';
import type { Address } from '@pasal/contract/addresses';
import { MAX_INT } from '@pasal/contract/cart';
import { type CheckoutInput, type CheckoutResponse, onlyInStockOf } from '@pasal/contract/checkout';
import type { ErrorBody } from '@pasal/contract/common';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { productImages, products } from '../../db/schema/catalogue';
import { orderLines, orderStatusHistory, orders, voucherUses } from '../../db/schema/orders';
import { idempotencyKeys } from '../../db/schema/platform';
import { cartItems, carts } from '../../db/schema/shopping';
import { users } from '../../db/schema/users';
import { AppError, BadRequestError } from '../../lib/errors';
import { toRupees } from '../../lib/money';
import { getAddress } from '../addresses/addresses-service';
import { currentSellingPrice } from '../catalogue/product-queries';
import { deliveryCharge } from '../delivery/delivery-rule';
import { deliveringStation } from '../delivery/delivery-service';
import { deliverQueuedMessage, type QueuedMessage, queueMessage } from '../messaging/messenger';
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
  /** The primary picture's thumbnail, kept on the order line. */
  thumbnail: string | null;
}

/** The first primary picture (by position) of the product: what an order line shows. */
const primaryThumbnail = sql<string | null>`(
  select ${productImages.thumbnail} from ${productImages}
  where ${productImages.productId} = ${products.id} and ${productImages.isPrimary}
  order by ${productImages.position} limit 1
)`;

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
      thumbnail: primaryThumbnail,
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

/** Everything an order is made of, decided under the locks before anything is written. */
interface Decided {
  wallet: WalletName | null;
  address: Address;
  stationId: number;
  lines: { product: LockedProduct; quantity: number; lineTotal: number }[];
  subtotal: number;
  discount: number;
  voucherId: number | null;
  deliveryPaisa: number;
  total: number;
}

/**
 * Reads, locks and checks, inside the caller's transaction; writes nothing. Every refusal (4xx) of
 * a checkout comes from here, so a refused request leaves only its idempotency key behind: the
 * write phase (writeOrder) has no refusals, and any error there rolls the whole transaction back.
 * Everything is decided from the server's own data; nothing the client says about prices counts.
 */
async function decideOrder(tx: DbOrTx, deps: CheckoutDeps, call: CheckoutCall): Promise<Decided> {
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
  return {
    wallet,
    address,
    stationId: station.id,
    lines,
    subtotal,
    discount,
    voucherId,
    deliveryPaisa: delivery.chargePaisa,
    total,
  };
}

const array = (values: unknown[]) => sql.param(values);

/**
 * Writes the decided order in one statement: the stock taken off the locked products (the check
 * constraint backs it), the order, its lines, its first status, the promo code's use, the bought
 * products out of the customer's cart, and (with an Idempotency-Key) the answer stored on the key:
 * final for cash, provisional (null status) for a wallet order until its payment has started.
 * Then the confirmation is queued. No refusal can come from here.
 */
async function writeOrder(
  tx: DbOrTx,
  deps: CheckoutDeps,
  call: CheckoutCall,
  decided: Decided,
  keyId: number | null,
): Promise<Placed> {
  const { userId, body } = call;
  const { wallet, address, lines, subtotal, discount, voucherId, deliveryPaisa, total } = decided;
  const now = new Date();
  const paymentStatus = wallet ? 'Pending' : 'Unpaid';
  const trackingId = newTrackingId();
  const answer: CheckoutResponse = {
    order_id: 0, // the order's id, set in the statement below
    tracking_id: trackingId,
    total_amount: toRupees(total),
    subtotal: toRupees(subtotal),
    discount: toRupees(discount),
    delivery_charge: toRupees(deliveryPaisa),
    payment_method: wallet ?? 'cash',
    payment_status: paymentStatus,
    payment: null,
  };
  const orderInsert = tx
    .insert(orders)
    .values({
      userId,
      trackingId,
      paymentMethod: wallet ?? 'cash',
      ...orderPaymentColumns(paymentStatus),
      addressId: address.id,
      shippingAddress: addressSnapshot(address),
      subtotal,
      discount,
      deliveryCharge: deliveryPaisa,
      total,
      voucherId,
      deliveryStationId: decided.stationId,
      notes: body.notes,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  const column = <T>(pick: (line: Decided['lines'][number]) => T) => array(lines.map(pick));
  const at = now.toISOString();
  const [written] = await queryRows<{
    orderId: number;
    email: string | null;
    phone: string | null;
    firstName: string;
  }>(
    tx,
    sql`
      with o as (${orderInsert.getSQL()}),
      taken as (
        update ${products} set stock = ${products.stock} - v.quantity
        from unnest(${column((l) => l.product.id)}::integer[], ${column((l) => l.quantity)}::integer[])
          as v(id, quantity)
        where ${products.id} = v.id
        returning ${products.id}
      ),
      order_lines_written as (
        insert into ${orderLines} (order_id, product_id, title, image, quantity, unit_price_paisa,
          marked_price_paisa, line_total_paisa)
        select o.id, l.product_id, l.title, l.image, l.quantity, l.unit_price, l.marked_price, l.line_total
        from o, unnest(${column((l) => l.product.id)}::integer[], ${column((l) => l.product.title)}::text[],
          ${column((l) => l.product.thumbnail)}::text[], ${column((l) => l.quantity)}::integer[],
          ${column((l) => l.product.price)}::integer[], ${column((l) => l.product.markedPrice)}::integer[],
          ${column((l) => l.lineTotal)}::integer[])
          with ordinality as l(product_id, title, image, quantity, unit_price, marked_price, line_total, n)
        order by l.n
        returning 1
      ),
      first_status as (
        insert into ${orderStatusHistory} (order_id, from_status, to_status, actor, actor_user_id, created_at)
        select o.id, null, 'Order Processing', 'customer', ${userId}::integer, ${at}::timestamptz from o
        returning 1
      ),
      voucher_use as (
        insert into ${voucherUses} (voucher_id, user_id, order_id)
        select ${voucherId}::integer, ${userId}::integer, o.id from o where ${voucherId}::integer is not null
        returning 1
      ),
      cart_left as (
        delete from ${cartItems}
        where ${cartItems.productId} = any(${column((l) => l.product.id)}::integer[])
          and ${cartItems.cartId} in (select ${carts.id} from ${carts} where ${carts.userId} = ${userId})
        returning 1
      ),
      key_answer as (
        update ${idempotencyKeys} set status_code = ${wallet ? null : 201}::integer,
          response_body = jsonb_set(${JSON.stringify(answer)}::jsonb, '{order_id}', to_jsonb(o.id))
        from o where ${idempotencyKeys.id} = ${keyId}::integer
        returning 1
      )
      select o.id as "orderId", ${users.email} as "email", ${users.phone} as "phone",
        ${users.firstName} as "firstName"
      from o left join ${users} on ${users.id} = ${userId}
    `,
  );
  answer.order_id = written.orderId;

  const message = confirmationMessage(written, {
    trackingId,
    lines: lines.map((line) => ({
      title: line.product.title,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
    })),
    subtotal,
    discount,
    voucherCode: body.voucher_code,
    deliveryCharge: deliveryPaisa,
    total,
    paymentMethod: wallet ?? 'cash',
    address,
  });
  const queued = message ? await queueMessage(tx, deps.config, message) : null;
  return { wallet, queued, answer };
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
    if (!key) {
      const decided = await decideOrder(tx, deps, call);
      return {
        kind: 'placed' as const,
        placed: await writeOrder(tx, deps, call, decided, null),
        keyId: null,
      };
    }
    const claim = await claimKey(tx, call.userId, key, hash);
    if (!claim.claimed) return { kind: 'replay' as const, row: claim.row };
    let decided: Decided;
    try {
      decided = await decideOrder(tx, deps, call);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      // A refusal comes before any write (decideOrder writes nothing): the key keeps its answer.
      await storeAnswer(tx, claim.id, error.statusCode, errorAnswer(error));
      return { kind: 'refused' as const, error };
    }
    // The answer is stored on the key by the same statement that writes the order.
    const placed = await writeOrder(tx, deps, call, decided, claim.id);
    return { kind: 'placed' as const, placed, keyId: claim.id };
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
