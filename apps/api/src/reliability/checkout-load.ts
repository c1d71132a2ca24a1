import type { CheckoutRequest } from '@pasal/contract/checkout';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { products } from '../db/schema/catalogue';
import { orderLines, orderStatusHistory, orders } from '../db/schema/orders';
import { idempotencyKeys } from '../db/schema/platform';
import { toPaisa } from '../lib/money';
import type { ServerProcess } from '../test/server-process';
import { type Answer, type CheckoutCall, checkoutCall, type ShopFixture, sendCheckout } from './shop-fixture';

// Checkouts poured into a server process until something happens to it (a crash, a stop, a
// database outage), and the checks that the orders in the database survived it whole.

export interface Outcome {
  call: CheckoutCall;
  /** undefined: the connection broke before an answer came. */
  answer?: Answer;
}

const WORKERS = 8;

/**
 * The n-th checkout of a load: cycling through the fixture's customers and products, one or two
 * lines of 1–3 units each, the payment methods in turn.
 */
export function loadCall(
  fixture: ShopFixture,
  n: number,
  methods: CheckoutRequest['payment_method'][],
): CheckoutCall {
  const customer = fixture.customers[n % fixture.customers.length];
  const first = fixture.products[n % fixture.products.length];
  const second = fixture.products[(n + 1) % fixture.products.length];
  const lines: [number, number][] =
    n % 3 === 0
      ? [[first.id, 1 + (n % 3)]]
      : [
          [first.id, 1 + (n % 2)],
          [second.id, 1],
        ];
  return checkoutCall(customer, lines, methods[n % methods.length]);
}

/**
 * WORKERS clients placing orders back to back, cycling through the fixture's customers and
 * products (one or two lines, 1–3 units each). Once `placedBefore` were answered 201, `stop` is
 * called while the others are still in flight. A client stops at its first broken connection, or
 * at its first 503 after the stop began.
 */
export async function checkoutsUntil<T>(
  server: Pick<ServerProcess, 'url'>,
  fixture: ShopFixture,
  options: {
    placedBefore: number;
    stop: () => Promise<T>;
    methods?: CheckoutRequest['payment_method'][];
  },
): Promise<{ outcomes: Outcome[]; stopped: T }> {
  const methods = options.methods ?? ['cash', 'esewa'];
  const outcomes: Outcome[] = [];
  let placed = 0;
  let stopping: Promise<T> | undefined;
  let n = 0;
  const worker = async () => {
    while (true) {
      n += 1;
      const call = loadCall(fixture, n, methods);
      const outcome: Outcome = { call };
      outcomes.push(outcome);
      try {
        outcome.answer = await sendCheckout(server, call);
      } catch {
        return; // the server is gone
      }
      if (stopping && outcome.answer.status === 503) return;
      if (outcome.answer.status === 201) placed += 1;
      if (placed >= options.placedBefore && !stopping) stopping = options.stop();
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return { outcomes, stopped: await (stopping as Promise<T>) };
}

/**
 * The orders in the database are whole and accounted for:
 * - every checkout in `placed` (answered 201) is there as answered: the customer's, with the
 *   answer's total and payment method, and exactly the lines it asked for;
 * - every order has lines that add up to its subtotal, total = subtotal − discount + delivery,
 *   and its first status in the history;
 * - orders and the Idempotency-Keys that placed them match one to one (every checkout here sends
 *   a key: no retry placed a second order);
 * - stock + units sold (orders not cancelled) = `initialStock`, for every product.
 */
export async function expectOrdersWhole(
  db: Db,
  fixture: ShopFixture,
  initialStock: number,
  placed: Outcome[],
): Promise<void> {
  const all = await db.select().from(orders).orderBy(orders.id);
  const byId = new Map(all.map((row) => [row.id, row]));
  const lines = await db.select().from(orderLines);
  const linesOf = (orderId: number) => lines.filter((line) => line.orderId === orderId);

  for (const { call, answer } of placed) {
    expect(answer?.status).toBe(201);
    const order = byId.get(answer?.body.order_id);
    expect(order, `order ${answer?.body.order_id}`).toBeDefined();
    expect(order?.userId).toBe(call.customer.id);
    expect(order?.paymentMethod).toBe(call.body.payment_method);
    expect(order?.total).toBe(toPaisa(answer?.body.total_amount));
    const ordered = call.body.product_id.map((id, i) => [id, call.body.qtys[i]]);
    expect(linesOf(order?.id ?? 0).map((line) => [line.productId, line.quantity])).toEqual(
      expect.arrayContaining(ordered),
    );
    expect(linesOf(order?.id ?? 0)).toHaveLength(ordered.length);
  }

  const history = await db.select().from(orderStatusHistory);
  for (const order of all) {
    const mine = linesOf(order.id);
    expect(mine.length, `lines of order ${order.id}`).toBeGreaterThan(0);
    expect(mine.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(order.subtotal);
    expect(order.total).toBe(order.subtotal - order.discount + order.deliveryCharge);
    expect(history.filter((h) => h.orderId === order.id && h.fromStatus === null)).toHaveLength(1);
  }

  const keys = await db.select().from(idempotencyKeys);
  const keyOrders = keys
    .map((key) => (key.responseBody as { order_id?: number } | null)?.order_id)
    .filter((id) => id !== undefined);
  expect(keyOrders.sort((x, y) => x - y)).toEqual(all.map((order) => order.id));

  const sold = await db
    .select({ productId: orderLines.productId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(sql`${orders.orderStatus} <> 'Cancelled'`)
    .groupBy(orderLines.productId);
  for (const product of fixture.products) {
    const [row] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    const units = sold.find((s) => s.productId === product.id)?.units ?? 0;
    expect(row.stock + units, product.title).toBe(initialStock);
  }
}

/** Keys of these checkouts that the database holds (a checkout that never started has none). */
export async function storedKeys(db: Db, calls: Outcome[]): Promise<string[]> {
  const wanted = new Set(calls.map((o) => o.call.key));
  const keys = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
  return keys.map((row) => row.key).filter((key) => wanted.has(key));
}
