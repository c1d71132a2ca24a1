import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../../config';
import { openDatabase } from '../../db/client';
import { orderCancellations, orderStatusHistory, orders, payments } from '../../db/schema/orders';
import { acquireDataDirLock } from '../../lib/data-dir-lock';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createOrder, createProduct, createUser, createVoucher } from '../../test/factories';
import { call } from '../../test/shopper';
import { body, customerWithAddress, order, stockOf, usesOf } from '../checkout/checkout-test-helpers';
import { transitionOrder } from './order-transitions';

let t: TestApp;
let staffId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  staffId = (await createUser(t.db, { isStaff: true, firstName: 'Ram' })).id;
});
afterAll(async () => {
  await t.close();
});

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function historyOf(id: number) {
  return t.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(asc(orderStatusHistory.id));
}

/** A real order, placed through the checkout. */
async function placed(options: { quantity?: number; voucher?: string; method?: 'cash' | 'esewa' } = {}) {
  const me = await customerWithAddress(t.app, t.db);
  const product = await createProduct(t.db);
  const response = await order(
    t.app,
    me,
    body(me.addressId, [[product.id, options.quantity ?? 2]], {
      voucher_code: options.voucher ?? '',
      payment_method: options.method ?? 'cash',
    }),
  );
  if (response.statusCode !== 201) throw new Error(response.body);
  return { me, product, id: response.json().order_id as number };
}

async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as { statusCode?: number; message?: string } | undefined;
  return { status: error?.statusCode, message: error?.message };
}

describe('staff move an order along', () => {
  test('Packed → Out for Delivery → Delivered: a cash order is paid on delivery; each step is in the history', async () => {
    const { me, id } = await placed();
    for (const to of ['Packed', 'Out for Delivery', 'Delivered'] as const)
      expect((await transitionOrder(t.db, t.app.config, { orderId: id, to, by: staffId })).orderStatus).toBe(
        to,
      );
    const row = await orderRow(id);
    expect(row).toMatchObject({ orderStatus: 'Delivered', paymentStatus: 'Paid', paymentCompleted: true });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(row.deliveredAt).toBeInstanceOf(Date);
    const history = await historyOf(id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.actorUserId])).toEqual([
      [null, 'Order Processing', 'customer', me.id],
      ['Order Processing', 'Packed', 'staff', staffId],
      ['Packed', 'Out for Delivery', 'staff', staffId],
      ['Out for Delivery', 'Delivered', 'staff', staffId],
    ]);
    // The customer sees it: Paid, delivered, no longer cancellable, in the delivered products.
    const listed = (await call(t.app, 'GET', '/order/list/', { as: me })).json().results[0];
    expect(listed).toMatchObject({ order_status: 'Delivered', payment_status: 'Paid', can_cancel: false });
    expect(
      (await call(t.app, 'GET', `/order/${id}/`, { as: me })).json().history.map((h: { by: string }) => h.by),
    ).toEqual(['customer', 'staff', 'staff', 'staff']);
    expect((await call(t.app, 'GET', '/list/ordered/products/', { as: me })).json()).toHaveLength(1);
  });

  test('illegal moves are refused with a 409 and change nothing', async () => {
    const { id } = await placed();
    expect(
      await refusal(transitionOrder(t.db, t.app.config, { orderId: id, to: 'Delivered', by: staffId })),
    ).toEqual({
      status: 409,
      message: 'An order in "Order Processing" cannot be moved to "Delivered".',
    });
    expect(
      await refusal(
        transitionOrder(t.db, t.app.config, { orderId: id, to: 'Order Processing', by: staffId }),
      ),
    ).toEqual({
      status: 409,
      message: 'The order is already "Order Processing".',
    });
    await transitionOrder(t.db, t.app.config, { orderId: id, to: 'Packed', by: staffId });
    expect(
      (
        await refusal(
          transitionOrder(t.db, t.app.config, { orderId: id, to: 'Order Processing', by: staffId }),
        )
      ).status,
    ).toBe(409);
    const delivered = await createOrder(t.db, { userId: staffId, totalPaisa: 100, orderStatus: 'Delivered' });
    expect(
      await refusal(
        transitionOrder(t.db, t.app.config, {
          orderId: delivered.id,
          to: 'Cancelled',
          by: staffId,
          reason: 'x',
        }),
      ),
    ).toEqual({ status: 409, message: 'An order in "Delivered" cannot be moved to "Cancelled".' });
    const cancelled = await createOrder(t.db, { userId: staffId, totalPaisa: 100, orderStatus: 'Cancelled' });
    expect(
      (
        await refusal(
          transitionOrder(t.db, t.app.config, { orderId: cancelled.id, to: 'Packed', by: staffId }),
        )
      ).status,
    ).toBe(409);
    expect((await orderRow(id)).orderStatus).toBe('Packed');
    expect(await historyOf(id)).toHaveLength(2);
  });

  test('only active staff; an unknown order is a 404', async () => {
    const { me, id } = await placed();
    expect(
      await refusal(transitionOrder(t.db, t.app.config, { orderId: id, to: 'Packed', by: me.id })),
    ).toEqual({
      status: 403,
      message: 'Only staff can move orders along.',
    });
    const former = await createUser(t.db, { isStaff: true, disabledAt: new Date() });
    expect(
      (await refusal(transitionOrder(t.db, t.app.config, { orderId: id, to: 'Packed', by: former.id })))
        .status,
    ).toBe(403);
    expect(
      (
        await refusal(
          transitionOrder(t.db, t.app.config, { orderId: 2_000_000_000, to: 'Packed', by: staffId }),
        )
      ).status,
    ).toBe(404);
    expect((await orderRow(id)).orderStatus).toBe('Order Processing');
  });

  test('staff cancel with a reason, even out for delivery: stock back, promo use released', async () => {
    const code = await createVoucher(t.db);
    const { product, id } = await placed({ quantity: 4, voucher: code.code });
    await transitionOrder(t.db, t.app.config, { orderId: id, to: 'Packed', by: staffId });
    await transitionOrder(t.db, t.app.config, { orderId: id, to: 'Out for Delivery', by: staffId });
    expect(
      await refusal(
        transitionOrder(t.db, t.app.config, { orderId: id, to: 'Cancelled', by: staffId, reason: '  ' }),
      ),
    ).toEqual({
      status: 400,
      message: 'A reason is required to cancel an order.',
    });
    expect(await stockOf(t.db, product.id)).toBe(6);
    await transitionOrder(t.db, t.app.config, {
      orderId: id,
      to: 'Cancelled',
      by: staffId,
      reason: 'Customer not at home',
    });
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect(await usesOf(t.db, code.id)).toBe(0);
    const [record] = await t.db.select().from(orderCancellations).where(eq(orderCancellations.orderId, id));
    expect(record).toMatchObject({ cancelledBy: 'staff', remarks: 'Customer not at home' });
    expect((await historyOf(id)).at(-1)).toMatchObject({
      fromStatus: 'Out for Delivery',
      toStatus: 'Cancelled',
      actor: 'staff',
      actorUserId: staffId,
      reason: 'Customer not at home',
    });
  });

  test('an online order leaves Order Processing only once paid; a paid one cancelled is flagged for refund', async () => {
    const me = await createUser(t.db);
    const unpaid = await createOrder(t.db, { userId: me.id, totalPaisa: 5000, paymentMethod: 'khalti' });
    expect(
      await refusal(transitionOrder(t.db, t.app.config, { orderId: unpaid.id, to: 'Packed', by: staffId })),
    ).toEqual({
      status: 409,
      message: 'This order is paid online and its payment is not confirmed yet; it cannot be sent out.',
    });
    const paid = await createOrder(t.db, {
      userId: me.id,
      totalPaisa: 5000,
      paymentMethod: 'esewa',
      paymentStatus: 'Paid',
    });
    await t.db.insert(payments).values({
      orderId: paid.id,
      attempt: 1,
      provider: 'esewa',
      reference: `PSL-${paid.id}-1-TEST`,
      amount: 5000,
      status: 'completed',
      providerRef: `TX-${paid.id}`,
      paidAmount: 5000,
    });
    await transitionOrder(t.db, t.app.config, { orderId: paid.id, to: 'Packed', by: staffId });
    await transitionOrder(t.db, t.app.config, {
      orderId: paid.id,
      to: 'Cancelled',
      by: staffId,
      reason: 'Damaged in the store',
    });
    expect(await orderRow(paid.id)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'Refund due',
      paymentCompleted: true,
    });
    const [attempt] = await t.db.select().from(payments).where(eq(payments.orderId, paid.id));
    expect(attempt).toMatchObject({ status: 'completed', refundDue: true });
  });
});

describe('npm run order', () => {
  const script = join(repoRoot, 'apps/api/scripts/order.ts');

  test('walks an order to Delivered as the staff account, refuses what the service refuses', async () => {
    // Its own PGlite folder, closed before the script opens it (one process per folder).
    const dataDir = mkdtempSync(join(tmpdir(), 'pasal-order-cli-'));
    try {
      let database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
      await database.migrate();
      const admin = await createUser(database.db, { isStaff: true, email: 'boss@example.com' });
      const customer = await createUser(database.db);
      const product = await createProduct(database.db);
      const row = await createOrder(database.db, {
        userId: customer.id,
        totalPaisa: 18_000,
        lines: [{ productId: product.id, quantity: 1, unitPaisa: 18_000 }],
      });
      await database.close();

      const run = (...args: string[]) =>
        // As the root package.json runs it: node --import tsx apps/api/scripts/order.ts
        spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        });
      const noReason = run(String(row.id), 'cancelled');
      expect(noReason.status).toBe(1);
      expect(noReason.stderr).toContain('Refused (400): A reason is required to cancel an order.');
      const usage = run(String(row.id), 'shipped');
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('Unknown status "shipped".');

      // While the shop has the folder open (it holds the folder's lock) the script keeps out.
      const shop = acquireDataDirLock(dataDir);
      try {
        const busy = run(String(row.id), 'packed');
        expect(busy.status).toBe(75);
        expect(busy.stderr).toContain('is already open in process');
        expect(busy.stderr).toContain('stop the shop first');
      } finally {
        shop.release();
      }

      const delivered = run(String(row.id), 'delivered', '--by', 'BOSS@example.com');
      expect(delivered.stderr).toBe('');
      expect(delivered.status).toBe(0);
      expect(delivered.stdout.trim().split('\n')).toEqual([
        `Order ${row.id} (${row.trackingId}) is now "Packed"; payment Unpaid. By boss@example.com.`,
        `Order ${row.id} (${row.trackingId}) is now "Out for Delivery"; payment Unpaid. By boss@example.com.`,
        `Order ${row.id} (${row.trackingId}) is now "Delivered"; payment Paid. By boss@example.com.`,
      ]);

      database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
      try {
        const history = await database.db
          .select()
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, row.id))
          .orderBy(asc(orderStatusHistory.id));
        expect(history.map((h) => [h.toStatus, h.actorUserId])).toEqual([
          ['Packed', admin.id],
          ['Out for Delivery', admin.id],
          ['Delivered', admin.id],
        ]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
