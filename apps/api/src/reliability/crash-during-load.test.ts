import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { orders, payments, walletSimulations } from '../db/schema/orders';
import { atWallet, visit } from '../modules/payments/payments-test-helpers';
import { databaseModes, type ServerData } from '../test/database-modes';
import { clusterState } from '../test/pg-control';
import { killAll, type ServerProcess, startServer } from '../test/server-process';
import { checkoutsUntil, expectOrdersWhole, type Outcome, storedKeys } from './checkout-load';
import {
  eventually,
  request,
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

describe.each(databaseModes())('on $name', (mode) => {
  test('SIGKILL during checkouts and during payment confirmations, SIGTERM under load: every answered order and payment is there, whole, once', async () => {
    const data = await mode.prepare();
    folders.push(data);
    const fixture = await seedShop(data, { products: PRODUCTS, stock: INITIAL_STOCK, customers: 16 });
    const options = await walletReadyOptions(data);
    const first = await startServer(options);
    servers.push(first);

    // 1. Checkouts under load, then the crash.
    const crash = await checkoutsUntil(first, fixture, {
      placedBefore: ANSWERED_BEFORE_CRASH,
      stop: () => first.kill('SIGKILL'),
    });
    expect(crash.stopped).toEqual({ code: null, signal: 'SIGKILL' });
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
    const drain = await checkoutsUntil(third, fixture, { placedBefore: 8, stop: () => third.stop() });
    expect(drain.stopped, third.output()).toEqual({ code: 0, signal: null });
    const drained = drain.outcomes.filter((o) => o.answer?.status === 201);
    const notServed = drain.outcomes.filter((o) => o.answer === undefined || o.answer.status === 503);
    for (const { answer } of drain.outcomes)
      if (answer) expect([201, 400, 503], JSON.stringify(answer.body)).toContain(answer.status);
    if (mode.name === 'pglite') expect(clusterState(join(data.dataDir, 'db'))).toBe('shut down');

    // 6. What the database holds: every order answered 201 (before the crash, on the retry, during
    // the stop) as answered, no order half written, no retry placed twice, the stock adds up.
    await withDatabase(data, async (db) => {
      const placed = [...answered, ...retried.filter((o) => o.answer?.status === 201), ...drained];
      await expectOrdersWhole(db, fixture, INITIAL_STOCK, placed);

      // An eSewa order answered 201 has the payment attempt its answer named: paid exactly once.
      const attempts = await db.select().from(payments);
      for (const { answer } of walletOrders) {
        const mine = attempts.filter((attempt) => attempt.orderId === answer?.body.order_id);
        expect(mine.map((a) => a.reference)).toContain(answer?.body.payment.reference);
        const completed = mine.filter((a) => a.status === 'completed');
        expect(completed).toHaveLength(1);
        expect(completed[0].refundDue).toBe(false);
        const [order] = await db.select().from(orders).where(eq(orders.id, answer?.body.order_id));
        expect(completed[0].paidAmount).toBe(order.total);
        expect(order.paymentStatus).toBe('Paid');
        expect(order.paymentReference).toBe(completed[0].providerRef);
        const [wallet] = await db
          .select()
          .from(walletSimulations)
          .where(eq(walletSimulations.token, completed[0].reference));
        expect(wallet.status).toBe('COMPLETE');
        expect(wallet.transactionCode).toBe(completed[0].providerRef);
      }
      // No wallet transaction was recorded twice, and no attempt was paid for nothing.
      expect(attempts.filter((a) => a.refundDue || a.status === 'mismatch')).toEqual([]);

      // A checkout the stop left without an answer was never started: not even its key is there
      // (none was cut off after its work began).
      expect(await storedKeys(db, notServed)).toEqual([]);
    });
  });
});
