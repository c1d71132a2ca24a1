import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import type { Db } from '../db/client';
import { products } from '../db/schema/catalogue';
import { orderLines, orderStatusHistory, orders, payments, walletSimulations } from '../db/schema/orders';
import { idempotencyKeys } from '../db/schema/platform';
import { toPaisa } from '../lib/money';
import { atWallet, visit } from '../modules/payments/payments-test-helpers';
import { databaseModes, type ServerData } from '../test/database-modes';
import { clusterState } from '../test/pg-control';
import { type ExitResult, killAll, type ServerProcess, startServer } from '../test/server-process';
import {
  type Answer,
  type CheckoutCall,
  checkoutCall,
  eventually,
  request,
  type ShopFixture,
  seedShop,
  sendCheckout,
  walletReadyOptions,
  withDatabase,
} from './shop-fixture';

// SIGKILL in the middle of the work, twice: once while checkouts pour in (cash and eSewa, each with
// its own Idempotency-Key), once while eSewa confirmations are being recorded. After each crash
// the server starts again on the same data; at the end it is stopped with SIGTERM under the same
// load. The data must show that nothing answered was lost, nothing was half written, no retry
// placed an order twice, and no payment counted twice.

const WORKERS = 8;
/** Checkouts answered 2xx before the crash (the rest of the load is in flight when it comes). */
const ANSWERED_BEFORE_CRASH = 24;
const PRODUCTS = 4;
const INITIAL_STOCK = 80;

const servers: ServerProcess[] = [];
const folders: ServerData[] = [];
afterAll(async () => {
  await killAll(servers);
  for (const folder of folders) await folder.dispose();
});

interface Outcome {
  call: CheckoutCall;
  /** undefined: the connection broke (the crash) before an answer came. */
  answer?: Answer;
}

/**
 * WORKERS clients placing orders back to back; once `placedBefore` were answered 201, `stop` is
 * called on the server (SIGKILL, SIGTERM) while the others are still in flight. Clients stop at
 * their first broken connection.
 */
async function checkoutsUntil(
  server: ServerProcess,
  fixture: ShopFixture,
  placedBefore: number,
  stop: () => Promise<ExitResult>,
) {
  const outcomes: Outcome[] = [];
  let placed = 0;
  let stopped: Promise<ExitResult> | undefined;
  let n = 0;
  const nextCall = (): CheckoutCall => {
    n += 1;
    const customer = fixture.customers[n % fixture.customers.length];
    const first = fixture.products[n % PRODUCTS];
    const second = fixture.products[(n + 1) % PRODUCTS];
    const lines: [number, number][] =
      n % 3 === 0
        ? [[first.id, 1 + (n % 3)]]
        : [
            [first.id, 1 + (n % 2)],
            [second.id, 1],
          ];
    // Every other order is paid with eSewa (its answer is given once the payment has started).
    return checkoutCall(customer, lines, n % 2 === 0 ? 'esewa' : 'cash');
  };
  const worker = async () => {
    while (true) {
      const call = nextCall();
      const outcome: Outcome = { call };
      outcomes.push(outcome);
      try {
        outcome.answer = await sendCheckout(server, call);
      } catch {
        return; // the server is gone
      }
      if (outcome.answer.status === 201) placed += 1;
      if (placed >= placedBefore && !stopped) stopped = stop();
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return { outcomes, exit: await stopped };
}

interface OrderRow {
  id: number;
  userId: number;
  paymentMethod: string;
  paymentStatus: string;
  orderStatus: string;
  subtotal: number;
  discount: number;
  deliveryCharge: number;
  total: number;
  paymentReference: string | null;
}

async function everyOrder(db: Db): Promise<OrderRow[]> {
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      orderStatus: orders.orderStatus,
      subtotal: orders.subtotal,
      discount: orders.discount,
      deliveryCharge: orders.deliveryCharge,
      total: orders.total,
      paymentReference: orders.paymentReference,
    })
    .from(orders)
    .orderBy(orders.id);
}

describe.each(databaseModes())('on $name', (mode) => {
  test('SIGKILL during checkouts and during payment confirmations, SIGTERM under load: every answered order and payment is there, whole, once', async () => {
    const data = await mode.prepare();
    folders.push(data);
    const fixture = await seedShop(data, { products: PRODUCTS, stock: INITIAL_STOCK, customers: 16 });
    const options = await walletReadyOptions(data);
    const first = await startServer(options);
    servers.push(first);

    // 1. Checkouts under load, then the crash.
    const crash = await checkoutsUntil(first, fixture, ANSWERED_BEFORE_CRASH, () => first.kill('SIGKILL'));
    expect(crash.exit).toEqual({ code: null, signal: 'SIGKILL' });
    const outcomes = crash.outcomes;
    // Answered: placed, or refused for stock (nothing else).
    for (const { answer } of outcomes)
      if (answer) expect([201, 400], JSON.stringify(answer.body)).toContain(answer.status);
    const answered = outcomes.filter((o) => o.answer?.status === 201);
    const unanswered = outcomes.filter((o) => o.answer === undefined);
    expect(answered.length).toBeGreaterThanOrEqual(ANSWERED_BEFORE_CRASH);
    // The crash came with requests still in flight.
    expect(unanswered.length).toBeGreaterThan(0);

    // 2. Back on the same data. A client that got no answer for a cash order sends it again with
    // the same key: it gets the order the first attempt placed, or a new one if none was placed.
    // (A wallet order cut off while its payment was being started answers "still being processed"
    // for a minute before its stored answer counts; its order is checked below like every other.)
    const second = await first.restart();
    servers.push(second);
    const retried: Outcome[] = [];
    for (const { call } of unanswered.filter((o) => o.call.body.payment_method === 'cash')) {
      const answer = await sendCheckout(second, call);
      expect([201, 400], JSON.stringify(answer.body)).toContain(answer.status);
      retried.push({ call, answer });
    }

    // 3. eSewa confirmations in flight, then the crash. Each shopper pays at the (simulated)
    // wallet, which sends the browser back to our return handler; all come back at once.
    const walletOrders = answered.filter((o) => o.call.body.payment_method === 'esewa');
    expect(walletOrders.length).toBeGreaterThan(5);
    const returnUrls: string[] = [];
    for (const { answer } of walletOrders) {
      const paid = await atWallet(answer?.body.payment.next, 'pay');
      expect(paid.returnUrl).toBeDefined();
      returnUrls.push(paid.returnUrl as string);
    }
    let confirmed = 0;
    let crashed: Promise<unknown> | undefined;
    const returns = returnUrls.map(async (url) => {
      let back: Awaited<ReturnType<typeof visit>>;
      try {
        back = await visit(url);
      } catch {
        return; // cut off by the crash
      }
      expect(back.status, back.text).toBe(303);
      confirmed += 1;
      if (confirmed >= 2 && !crashed) crashed = second.kill('SIGKILL');
    });
    await Promise.all(returns);
    crashed ??= second.kill('SIGKILL');
    await crashed;

    // 4. Back again, with the reconciler looking up every open payment after a second: the
    // confirmations the crash cut off are found at the wallet and recorded, once each.
    const third = await second.restart({
      env: { ...options.env, PAYMENT_PENDING_RECONCILE_AFTER: '1', PAYMENT_RECONCILE_INTERVAL: '1' },
    });
    servers.push(third);
    for (const { call, answer } of walletOrders) {
      await eventually(async () => {
        const state = await request(third, 'GET', `/payments/${answer?.body.order_id}/`, {
          token: call.customer.token,
        });
        return state.body.payment_status === 'Paid';
      }, `order ${answer?.body.order_id} to be paid`);
    }

    // 5. A graceful stop under the same load: the checkouts in flight are finished and answered;
    // those that come after the signal are refused with a 503, find the port closed, or find
    // their idle keep-alive connection closed (and the client sends them again).
    const drain = await checkoutsUntil(third, fixture, 8, () => third.stop());
    expect(drain.exit, third.output()).toEqual({ code: 0, signal: null });
    const drained = drain.outcomes.filter((o) => o.answer?.status === 201);
    const notServed = drain.outcomes.filter((o) => o.answer === undefined || o.answer.status === 503);
    for (const { answer } of drain.outcomes)
      if (answer) expect([201, 400, 503], JSON.stringify(answer.body)).toContain(answer.status);
    if (mode.name === 'pglite') expect(clusterState(join(data.dataDir, 'db'))).toBe('shut down');

    // 6. What the database holds.
    await withDatabase(data, async (db) => {
      const all = await everyOrder(db);
      const byId = new Map(all.map((row) => [row.id, row]));
      const lines = await db.select().from(orderLines);
      const linesOf = (orderId: number) => lines.filter((line) => line.orderId === orderId);

      // Every order answered 201 (before the crash or on the retry) is there as answered.
      const placed = [...answered, ...retried.filter((o) => o.answer?.status === 201), ...drained];
      for (const { call, answer } of placed) {
        const order = byId.get(answer?.body.order_id);
        expect(order, `order ${answer?.body.order_id}`).toBeDefined();
        expect(order?.userId).toBe(call.customer.id);
        expect(order?.paymentMethod).toBe(call.body.payment_method);
        expect(order?.total).toBe(toPaisa(answer?.body.total_amount));
        expect(
          linesOf(order!.id)
            .map((line) => [line.productId, line.quantity])
            .sort(),
        ).toEqual(call.body.product_id.map((id, i) => [id, call.body.qtys[i]]).sort());
      }
      // An eSewa order answered 201 has the payment attempt its answer named: paid exactly once.
      const attempts = await db.select().from(payments);
      for (const { answer } of walletOrders) {
        const mine = attempts.filter((attempt) => attempt.orderId === answer?.body.order_id);
        expect(mine.map((a) => a.reference)).toContain(answer?.body.payment.reference);
        const completed = mine.filter((a) => a.status === 'completed');
        expect(completed).toHaveLength(1);
        expect(completed[0].refundDue).toBe(false);
        const order = byId.get(answer?.body.order_id);
        expect(completed[0].paidAmount).toBe(order?.total);
        expect(order?.paymentStatus).toBe('Paid');
        expect(order?.paymentReference).toBe(completed[0].providerRef);
        const [wallet] = await db
          .select()
          .from(walletSimulations)
          .where(eq(walletSimulations.token, completed[0].reference));
        expect(wallet.status).toBe('COMPLETE');
        expect(wallet.transactionCode).toBe(completed[0].providerRef);
      }
      // No wallet transaction was recorded twice, and no attempt was paid for nothing.
      expect(attempts.filter((a) => a.refundDue || a.status === 'mismatch')).toEqual([]);

      // No order is half written: lines that add up, a first status, and a key that placed it.
      const history = await db.select().from(orderStatusHistory);
      const keys = await db.select().from(idempotencyKeys);
      const keyOrders = keys.map((key) => (key.responseBody as { order_id?: number } | null)?.order_id);
      for (const order of all) {
        const mine = linesOf(order.id);
        expect(mine.length, `lines of order ${order.id}`).toBeGreaterThan(0);
        expect(mine.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(order.subtotal);
        expect(order.total).toBe(order.subtotal - order.discount + order.deliveryCharge);
        expect(history.filter((h) => h.orderId === order.id && h.fromStatus === null)).toHaveLength(1);
      }
      // Every order was placed by one key, and no key placed two (retries placed nothing twice).
      expect(keyOrders.filter((id) => id !== undefined).sort()).toEqual(all.map((order) => order.id).sort());
      // A checkout the stop left without an answer was never started: not even its key is there
      // (none was cut off after its work began).
      const notServedKeys = new Set(notServed.map((o) => o.call.key));
      expect(keys.filter((key) => notServedKeys.has(key.key))).toEqual([]);

      // Stock + units sold = the initial stock, for every product.
      const sold = await db
        .select({
          productId: orderLines.productId,
          units: sql<number>`sum(${orderLines.quantity})::int`,
        })
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
        expect(row.stock + units, product.title).toBe(INITIAL_STOCK);
      }
    });
  });
});
