import { VOUCHER_MESSAGES } from '@pasal/contract/voucher';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../db/schema/orders';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct, createVoucher, createVoucherUse } from '../../test/factories';
import { body, customerWithAddress, order, stockOf, usesOf } from './checkout-test-helpers';

// Requests sent together through the whole app. On PostgreSQL they run on several connections and
// meet at the row locks; on PGlite (one connection) they are serialised, and must neither deadlock
// nor time out there.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
});
afterAll(async () => {
  await t.close();
});

const customers = (n: number) =>
  Promise.all(Array.from({ length: n }, () => customerWithAddress(t.app, t.db)));

describe('checkouts at the same moment', () => {
  test('40 customers, stock 10: exactly 10 orders, stock 0, never below', async () => {
    const product = await createProduct(t.db, { title: 'Festival Sweets Box', stock: 10 });
    const buyers = await customers(40);
    const answers = await Promise.all(
      buyers.map((c) => order(t.app, c, body(c.addressId, [[product.id, 1]]))),
    );
    const placed = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(placed).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().msg).toBe('Festival Sweets Box is out of stock.');
    }
    expect(await stockOf(t.db, product.id)).toBe(0);
    const rows = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          buyers.map((b) => b.id),
        ),
      );
    expect(rows).toHaveLength(10);
  });

  test('20 customers race for a promo code with 5 uses left: exactly 5 orders carry it, the rest are refused', async () => {
    const product = await createProduct(t.db, { stock: 1000 });
    const code = await createVoucher(t.db, { usageLimit: 8 });
    const earlier = await customers(3);
    for (const c of earlier) await createVoucherUse(t.db, code.id, c.id);
    const racers = await customers(20);
    const answers = await Promise.all(
      racers.map((c) => order(t.app, c, body(c.addressId, [[product.id, 1]], { voucher_code: code.code }))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ msg: VOUCHER_MESSAGES.used_up, reason: 'used_up' });
    }
    const carrying = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.voucherId, code.id))
      .then((rows) => rows.length);
    // The 3 earlier uses came through factory orders; of the racers, exactly 5 orders carry the code.
    expect(carrying).toBe(5);
    expect(await usesOf(t.db, code.id)).toBe(8);
    expect(await stockOf(t.db, product.id)).toBe(1000 - 5);
  });

  test('one customer with a per-customer limit of 1 sends two orders at once: one carries the code, the other fails', async () => {
    const product = await createProduct(t.db, { stock: 100 });
    const code = await createVoucher(t.db, { perUserLimit: 1 });
    const [me] = await customers(1);
    const payload = body(me.addressId, [[product.id, 1]], { voucher_code: code.code });
    // Two attempts (two keys): a double click with one key would rightly be one order.
    const answers = await Promise.all([
      order(t.app, me, payload, 'first-tab'),
      order(t.app, me, payload, 'second-tab'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json().msg).toBe(VOUCHER_MESSAGES.customer_limit);
    const mine = await t.db.select().from(orders).where(eq(orders.userId, me.id));
    expect(mine).toHaveLength(1);
    expect(mine[0].voucherId).toBe(code.id);
    expect(await usesOf(t.db, code.id)).toBe(1);
  });

  test('orders naming the same products in opposite orders, with one code, all go through (no deadlock)', async () => {
    const a = await createProduct(t.db, { stock: 100 });
    const b = await createProduct(t.db, { stock: 100 });
    const c = await createProduct(t.db, { stock: 100 });
    const code = await createVoucher(t.db);
    const buyers = await customers(16);
    const answers = await Promise.all(
      buyers.map((buyer, i) => {
        const lines: [number, number][] =
          i % 2 === 0
            ? [
                [a.id, 1],
                [b.id, 2],
                [c.id, 1],
              ]
            : [
                [c.id, 1],
                [b.id, 2],
                [a.id, 1],
              ];
        return order(t.app, buyer, body(buyer.addressId, lines, { voucher_code: code.code }));
      }),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(buyers.map(() => 201));
    expect([await stockOf(t.db, a.id), await stockOf(t.db, b.id), await stockOf(t.db, c.id)]).toEqual([
      84, 68, 84,
    ]);
    expect(await usesOf(t.db, code.id)).toBe(16);
  });
});
