import type { AuditPage } from '@pasal/contract/admin-audit';
import { STAFF_ONLY, STALE_EDIT } from '@pasal/contract/admin-common';
import type { AdminOrder, AdminOrderPage } from '@pasal/contract/admin-orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, payments } from '../../../db/schema/orders';
import { users } from '../../../db/schema/users';
import { seedLocations } from '../../../seed/locations';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrder, createProduct, createUser, createVoucher } from '../../../test/factories';
import { newShopper, type Shopper } from '../../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../../test/staff';
import { body, customerWithAddress, order, stockOf, usesOf } from '../../checkout/checkout-test-helpers';

let t: TestApp;
let staff: StaffMember;
let shopper: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  staff = await newStaff(t.app, t.db);
  shopper = await newShopper(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

/** A real order, placed through the checkout by a new customer. */
async function placed(options: { quantity?: number; voucher?: string; method?: 'cash' | 'esewa' } = {}) {
  const me = await customerWithAddress(t.app, t.db, { firstName: 'Gita', lastName: 'Karki' });
  const product = await createProduct(t.db, { stock: 10 });
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

async function detail(id: number): Promise<AdminOrder> {
  const answer = await admin(t.app, 'GET', `/orders/${id}/`, { as: staff });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().order;
}

function move(id: number, payload: unknown, as: StaffMember | Shopper = staff) {
  return admin(t.app, 'POST', `/orders/${id}/status/`, { as, payload });
}

async function list(query: string): Promise<AdminOrderPage> {
  const answer = await admin(t.app, 'GET', `/orders/?${query}`, { as: staff });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function auditOf(id: number) {
  const answer = await admin(t.app, 'GET', `/audit/?entity=order&entity_id=${id}`, { as: staff });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AuditPage>().results;
}

describe('who may use the orders console', () => {
  test('a visitor gets 401 and a customer 403, and neither moves an order', async () => {
    const { id } = await placed();
    for (const [method, path] of [
      ['GET', '/orders/'],
      ['GET', `/orders/${id}/`],
      ['POST', `/orders/${id}/status/`],
    ] as const) {
      const payload = method === 'POST' ? { status: 'Packed', from: 'Order Processing' } : undefined;
      expect((await admin(t.app, method, path, { payload })).statusCode).toBe(401);
      const asCustomer = await admin(t.app, method, path, { as: shopper, payload });
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json().message).toBe(STAFF_ONLY);
    }
    expect((await detail(id)).order_status).toBe('Order Processing');
  });
});

describe('the order list', () => {
  test('filters by status, payment and the days placed (Nepal time); searches ids, names and phones; pages in the database', async () => {
    const ramesh = await createUser(t.db, { firstName: 'Ramesh', lastName: 'Adhikari', phone: '9841234567' });
    // 2025-03-01 00:10 in Nepal is still 28 February in UTC.
    const early = await createOrder(t.db, {
      userId: ramesh.id,
      totalPaisa: 50_000,
      createdAt: new Date('2025-02-28T18:25:00Z'),
    });
    const paid = await createOrder(t.db, {
      userId: ramesh.id,
      totalPaisa: 250_000,
      paymentMethod: 'esewa',
      paymentStatus: 'Paid',
      orderStatus: 'Packed',
      createdAt: new Date('2025-03-02T06:00:00Z'),
    });
    const later = await createOrder(t.db, {
      userId: ramesh.id,
      totalPaisa: 10_000,
      orderStatus: 'Cancelled',
      createdAt: new Date('2025-03-05T06:00:00Z'),
    });

    const mine = await list('q=ramesh%20adhikari');
    expect(mine.count).toBe(3);
    expect(mine.results.map((o) => o.id)).toEqual([later.id, paid.id, early.id]);
    expect(mine.results[1]).toMatchObject({
      tracking_id: paid.trackingId,
      order_status: 'Packed',
      payment_method: 'esewa',
      payment_status: 'Paid',
      total: 2500,
      created_at: '2025-03-02T11:45:00+05:45',
      customer: { id: ramesh.id, name: 'Ramesh Adhikari', phone: '9841234567' },
    });
    expect((await list('q=9841234567')).count).toBe(3);
    // A short number is an order id (not every phone with those digits).
    expect((await list(`q=${paid.id}`)).results.map((o) => o.id)).toEqual([paid.id]);
    expect((await list(`q=${paid.trackingId.toLowerCase()}`)).results.map((o) => o.id)).toEqual([paid.id]);
    expect((await list('q=ramesh&status=Packed')).results.map((o) => o.id)).toEqual([paid.id]);
    expect((await list('q=ramesh&payment_status=Paid')).results.map((o) => o.id)).toEqual([paid.id]);
    expect((await list('q=ramesh&payment_method=cash')).count).toBe(2);
    expect((await list('q=ramesh&from=2025-03-01&to=2025-03-01')).results.map((o) => o.id)).toEqual([
      early.id,
    ]);
    expect((await list('q=ramesh&from=2025-03-02')).results.map((o) => o.id)).toEqual([later.id, paid.id]);
    expect((await list('q=ramesh&to=2025-03-02')).results.map((o) => o.id)).toEqual([paid.id, early.id]);
    const page2 = await list('q=ramesh&sort=total&order=asc&page_size=2&page=2');
    expect({ count: page2.count, ids: page2.results.map((o) => o.id) }).toEqual({ count: 3, ids: [paid.id] });
    expect((await list('q=nobody-at-all')).count).toBe(0);
  });

  test('bad filters are a 400 with a message', async () => {
    for (const [query, message] of [
      ['status=Shipped', 'status must be one of'],
      ['from=2025-02-30', 'from is not a real date'],
      ['from=2025-03-05&to=2025-03-01', 'from must not be after to'],
      ['page_size=500', 'page_size must be at most 100'],
      ['colour=red', 'Unknown field: colour'],
    ]) {
      const answer = await admin(t.app, 'GET', `/orders/?${query}`, { as: staff });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body, query).toContain(message);
    }
  });
});

describe('an order in the console', () => {
  test('shows its lines, customer, address, payment record and history', async () => {
    const { me, product, id } = await placed({ quantity: 3, method: 'esewa' });
    const order = await detail(id);
    expect(order).toMatchObject({
      id,
      order_status: 'Order Processing',
      payment_method: 'esewa',
      payment_status: 'Pending',
      items_count: 3,
      customer: { id: me.id, name: 'Gita Karki' },
      // Not paid yet: it can be cancelled, not packed.
      next_statuses: ['Cancelled'],
      cancellation: null,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ product_id: product.id, title: product.title, quantity: 3 }),
    ]);
    expect(order.shipping_address.municipality).not.toBe('');
    expect(order.payments).toEqual([
      expect.objectContaining({ attempt: 1, provider: 'esewa', amount: order.total, refund_due: false }),
    ]);
    expect(order.history).toEqual([
      expect.objectContaining({ from: null, to: 'Order Processing', actor: 'customer' }),
    ]);
    expect(order.history[0].by?.id).toBe(me.id);
    expect((await admin(t.app, 'GET', '/orders/999999/', { as: staff })).statusCode).toBe(404);
  });
});

describe('staff move orders along', () => {
  test('Packed → Out for Delivery → Delivered: each step in the history and the audit log; cash is paid on delivery', async () => {
    const { id } = await placed();
    let from = 'Order Processing';
    for (const status of ['Packed', 'Out for Delivery', 'Delivered']) {
      const answer = await move(id, { status, from });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().order.order_status).toBe(status);
      from = status;
    }
    const order = await detail(id);
    expect(order).toMatchObject({ payment_status: 'Paid', next_statuses: [] });
    expect(order.delivered_at).not.toBeNull();
    expect(order.history.map((h) => [h.from, h.to, h.actor, h.by?.id])).toEqual([
      [null, 'Order Processing', 'customer', expect.any(Number)],
      ['Order Processing', 'Packed', 'staff', staff.id],
      ['Packed', 'Out for Delivery', 'staff', staff.id],
      ['Out for Delivery', 'Delivered', 'staff', staff.id],
    ]);
    const audit = await auditOf(id);
    expect(audit.map((e) => [e.action, e.staff.id, e.before, e.after])).toEqual([
      [
        'status_change',
        staff.id,
        { order_status: 'Out for Delivery', payment_status: 'Unpaid' },
        { order_status: 'Delivered', payment_status: 'Paid' },
      ],
      [
        'status_change',
        staff.id,
        { order_status: 'Packed', payment_status: 'Unpaid' },
        { order_status: 'Out for Delivery', payment_status: 'Unpaid' },
      ],
      [
        'status_change',
        staff.id,
        { order_status: 'Order Processing', payment_status: 'Unpaid' },
        { order_status: 'Packed', payment_status: 'Unpaid' },
      ],
    ]);
    // Final: nothing moves a delivered order.
    const again = await move(id, { status: 'Cancelled', from: 'Delivered', reason: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An order in "Delivered" cannot be moved to "Cancelled".');
  });

  test('cancelling needs a reason, puts the stock back and releases the promo use; the reason is audited', async () => {
    const voucher = await createVoucher(t.db);
    const { product, id } = await placed({ quantity: 4, voucher: voucher.code });
    expect(await stockOf(t.db, product.id)).toBe(6);
    expect(await usesOf(t.db, voucher.id)).toBe(1);

    const noReason = await move(id, { status: 'Cancelled', from: 'Order Processing' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.reason).toEqual(['A reason is required to cancel an order.']);
    expect((await move(id, { status: 'Packed', from: 'Order Processing' })).statusCode).toBe(200);

    const answer = await move(id, { status: 'Cancelled', from: 'Packed', reason: 'Customer asked by phone' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().order).toMatchObject({
      order_status: 'Cancelled',
      cancellation: { by: 'staff', remarks: 'Customer asked by phone' },
    });
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect(await usesOf(t.db, voucher.id)).toBe(0);
    const [latest] = await auditOf(id);
    expect(latest).toMatchObject({
      action: 'status_change',
      before: { order_status: 'Packed' },
      after: { order_status: 'Cancelled' },
      note: 'Customer asked by phone',
    });
  });

  test('a move made from a status that changed meanwhile is a 409 with the order as it is now, and changes nothing', async () => {
    const { id } = await placed();
    expect((await move(id, { status: 'Packed', from: 'Order Processing' })).statusCode).toBe(200);
    // A second staff member still sees "Order Processing" and cancels.
    const stale = await move(id, { status: 'Cancelled', from: 'Order Processing', reason: 'Out of stock' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: STALE_EDIT, current: { id, order_status: 'Packed' } });
    expect((await detail(id)).order_status).toBe('Packed');
    expect(await auditOf(id)).toHaveLength(1);
  });

  test('skipping a step, an unpaid wallet order and malformed bodies are refused without a change', async () => {
    const { id } = await placed();
    const skip = await move(id, { status: 'Delivered', from: 'Order Processing' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('An order in "Order Processing" cannot be moved to "Delivered".');

    const wallet = await placed({ method: 'esewa' });
    const unpaid = await move(wallet.id, { status: 'Packed', from: 'Order Processing' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toContain('payment is not confirmed yet');
    // Its page offers only a cancel until then.
    expect((await detail(wallet.id)).next_statuses).toEqual(['Cancelled']);
    // Once the wallet confirms, it can be packed.
    await t.db.update(payments).set({ status: 'completed' }).where(eq(payments.orderId, wallet.id));
    await t.db
      .update(orders)
      .set({ paymentStatus: 'Paid', paymentCompleted: true })
      .where(eq(orders.id, wallet.id));
    expect((await detail(wallet.id)).next_statuses).toEqual(['Packed', 'Cancelled']);
    expect((await move(wallet.id, { status: 'Packed', from: 'Order Processing' })).statusCode).toBe(200);

    for (const [payload, message] of [
      [{ status: 'Order Processing', from: 'Packed' }, 'status must be one of'],
      [{ status: 'Packed' }, 'from is required: send the status you read'],
      [{ status: 'Packed', from: 'Order Processing', colour: 'red' }, 'Unknown field: colour'],
      [{ status: 'Cancelled', from: 'Order Processing', reason: 'x'.repeat(501) }, 'at most 500'],
      [['Packed'], 'The body must be'],
    ] as const) {
      const answer = await move(id, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.body).toContain(message);
    }
    expect((await move(999_999, { status: 'Packed', from: 'Order Processing' })).statusCode).toBe(404);
    expect((await detail(id)).order_status).toBe('Order Processing');
    expect(await auditOf(id)).toHaveLength(0);
  });

  test('a staff member whose rights were withdrawn cannot move orders', async () => {
    const other = await newStaff(t.app, t.db);
    const { id } = await placed();
    await t.db.update(users).set({ isStaff: false }).where(eq(users.id, other.id));
    expect((await move(id, { status: 'Packed', from: 'Order Processing' }, other)).statusCode).toBe(403);
    expect((await detail(id)).order_status).toBe('Order Processing');
  });
});
