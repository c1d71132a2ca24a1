import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DbOrTx, queryRows } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { orderLines, orderStatusHistory, orders } from '../../db/schema/orders';
import { messageOutbox } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct, createVoucher } from '../../test/factories';
import { body, customerWithAddress, order, ordersOf, stockOf, usesOf } from './checkout-test-helpers';

// The checkout takes the stock last, in one guarded statement just before the commit (decision
// 029). These tests check what a shopper and the shop see when the stock or the price changes
// between the checkout's first read and that statement.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
});
afterAll(async () => {
  await t.close();
});

async function outboxTo(userId: number): Promise<number> {
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  const rows = await t.db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(sql`${messageOutbox.recipient} in (${user.email}, ${user.phone})`);
  return rows.length;
}

async function historyOf(userId: number): Promise<number> {
  const rows = await t.db
    .select({ id: orderStatusHistory.id })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .where(eq(orders.userId, userId));
  return rows.length;
}

test('two customers race for the last unit: one order, one "out of stock", stock 0', async () => {
  const product = await createProduct(t.db, { title: 'Last Lapsi Candy', stock: 1 });
  const code = await createVoucher(t.db);
  const [a, b] = await Promise.all([customerWithAddress(t.app, t.db), customerWithAddress(t.app, t.db)]);
  const answers = await Promise.all(
    [a, b].map((c) =>
      order(t.app, c, body(c.addressId, [[product.id, 1]], { voucher_code: code.code }), 'k1'),
    ),
  );
  expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  const loser = answers[0].statusCode === 400 ? a : b;
  const refusal = answers.find((r) => r.statusCode === 400)!.json();
  expect(refusal).toMatchObject({ msg: 'Last Lapsi Candy is out of stock.', available_quantity: 0 });
  expect(await stockOf(t.db, product.id)).toBe(0);
  expect(await ordersOf(t.db, loser.id)).toEqual([]);
  expect(await historyOf(loser.id)).toBe(0);
  expect(await outboxTo(loser.id)).toBe(0);
  expect(await usesOf(t.db, code.id)).toBe(1);
});

/**
 * Holds the product's row lock in a transaction of its own until the checkout waits for it with
 * its stock statement (proof that the lock is taken last), then makes `change` and commits.
 */
async function changeWhileCheckoutWaits(
  productId: number,
  change: (tx: DbOrTx) => Promise<unknown>,
  checkout: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  let pending: Promise<LightMyRequestResponse> | undefined;
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${products} where id = ${productId} for no key update`);
    pending = checkout();
    for (let i = 0; ; i += 1) {
      const waiting = await queryRows<{ query: string }>(
        t.db,
        sql`select query from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like '%for no key update%'`,
      );
      if (waiting.length > 0) break;
      if (i > 400) throw new Error('the checkout never waited for the product lock in its stock statement');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await change(tx);
  });
  return pending!;
}

// PGlite is one connection: a second transaction cannot hold a lock while the checkout runs.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the stock guard (needs TEST_DATABASE_URL)', () => {
  test('the last unit sold while the order was being placed: refused, and nothing of it is left', async () => {
    const product = await createProduct(t.db, { title: 'Dashain Goat Curry Kit', stock: 1 });
    const code = await createVoucher(t.db);
    const me = await customerWithAddress(t.app, t.db);
    const payload = body(me.addressId, [[product.id, 1]], { voucher_code: code.code });
    const answer = await changeWhileCheckoutWaits(
      product.id,
      (tx) => tx.update(products).set({ stock: 0 }).where(eq(products.id, product.id)),
      () => order(t.app, me, payload, 'guard-key'),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      msg: 'Dashain Goat Curry Kit is out of stock.',
      product: product.id,
      available_quantity: 0,
    });
    expect(await stockOf(t.db, product.id)).toBe(0);
    expect(await ordersOf(t.db, me.id)).toEqual([]);
    expect(await historyOf(me.id)).toBe(0);
    expect(await outboxTo(me.id)).toBe(0);
    expect(await usesOf(t.db, code.id)).toBe(0);
    // The key keeps the refusal: a retry gets the same answer even once stock is back.
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
    const retry = await order(t.app, me, payload, 'guard-key');
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toEqual(answer.json());
    expect(await ordersOf(t.db, me.id)).toEqual([]);
  });

  test('fewer units left than ordered by the time the stock is taken: "Only {n} items available"', async () => {
    const product = await createProduct(t.db, { title: 'Chiura 1 kg', stock: 5 });
    const me = await customerWithAddress(t.app, t.db);
    const answer = await changeWhileCheckoutWaits(
      product.id,
      (tx) => tx.update(products).set({ stock: 2 }).where(eq(products.id, product.id)),
      () => order(t.app, me, body(me.addressId, [[product.id, 4]])),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      msg: 'Chiura 1 kg: Only 2 items available in stock',
      available_quantity: 2,
    });
    expect(await stockOf(t.db, product.id)).toBe(2);
    expect(await ordersOf(t.db, me.id)).toEqual([]);
  });

  test('a price changed while the order was being placed: it is placed at the new price', async () => {
    const product = await createProduct(t.db, { stock: 5, sellingPrice: 18_000, markedPrice: 20_000 });
    const me = await customerWithAddress(t.app, t.db);
    const answer = await changeWhileCheckoutWaits(
      product.id,
      (tx) => tx.update(products).set({ sellingPrice: 15_000 }).where(eq(products.id, product.id)),
      () => order(t.app, me, body(me.addressId, [[product.id, 2]])),
    );
    expect(answer.statusCode).toBe(201);
    expect(answer.json().subtotal).toBe(300);
    const [placed] = await ordersOf(t.db, me.id);
    expect(placed.subtotal).toBe(30_000);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.id));
    expect(lines.map((l) => [l.unitPrice, l.quantity, l.lineTotal])).toEqual([[15_000, 2, 30_000]]);
    expect(await stockOf(t.db, product.id)).toBe(3);
  });
});
