import type { Dashboard } from '@pasal/contract/admin-dashboard';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payments } from '../../../db/schema/orders';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrder, createProduct, createUser } from '../../../test/factories';
import { admin, newStaff, type StaffMember } from '../../../test/staff';
import { nepalPeriods } from './dashboard-service';

describe('Nepal’s day and week', () => {
  test('days start at midnight Nepal time (18:15 UTC) and weeks on Sunday', () => {
    // Monday 6 October 2025, 01:45 in Kathmandu.
    const periods = nepalPeriods(new Date('2025-10-05T20:00:00Z'));
    expect(periods.today.from.toISOString()).toBe('2025-10-05T18:15:00.000Z');
    expect(periods.today.to.toISOString()).toBe('2025-10-06T18:15:00.000Z');
    expect(periods.week.from.toISOString()).toBe('2025-10-04T18:15:00.000Z');
    expect(periods.week.to.toISOString()).toBe('2025-10-11T18:15:00.000Z');
    // Sunday 5 October 2025, 23:59 in Kathmandu: still that Sunday, the week's first day.
    const sunday = nepalPeriods(new Date('2025-10-05T18:14:00Z'));
    expect(sunday.today.from.toISOString()).toBe('2025-10-04T18:15:00.000Z');
    expect(sunday.week.from.toISOString()).toBe('2025-10-04T18:15:00.000Z');
  });
});

describe('the dashboard', () => {
  let t: TestApp;
  let staff: StaffMember;
  beforeAll(async () => {
    t = await buildTestApp();
    staff = await newStaff(t.app, t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function read(): Promise<Dashboard> {
    const answer = await admin(t.app, 'GET', '/dashboard/', { as: staff });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Dashboard>();
  }

  test('with no orders yet, everything is zero', async () => {
    const empty = await read();
    expect(empty.today).toMatchObject({ orders: 0, revenue: 0, cancelled: 0 });
    expect(empty.today.from).toMatch(/T00:00:00\+05:45$/);
    expect(empty.orders_waiting).toEqual([
      { status: 'Order Processing', count: 0 },
      { status: 'Packed', count: 0 },
      { status: 'Out for Delivery', count: 0 },
    ]);
    expect(empty.payments_pending).toEqual({ count: 0, amount: 0, payments: [] });
  });

  test('orders and revenue of today and this week, orders waiting, low stock and payments to watch', async () => {
    const { today, week } = nepalPeriods(new Date());
    const customer = await createUser(t.db);
    const at = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);
    await createOrder(t.db, { userId: customer.id, totalPaisa: 100_050, createdAt: at(today.from, 1) });
    await createOrder(t.db, {
      userId: customer.id,
      totalPaisa: 20_000,
      createdAt: at(today.from, 2),
      orderStatus: 'Packed',
    });
    await createOrder(t.db, {
      userId: customer.id,
      totalPaisa: 55_500,
      createdAt: at(today.from, 3),
      orderStatus: 'Cancelled',
    });
    // One minute before today began in Nepal: yesterday's (this week's too unless today is Sunday).
    const yesterday = await createOrder(t.db, {
      userId: customer.id,
      totalPaisa: 7_000,
      createdAt: at(today.from, -1),
      orderStatus: 'Delivered',
    });
    await createOrder(t.db, {
      userId: customer.id,
      totalPaisa: 1_000,
      createdAt: at(week.from, -1),
      orderStatus: 'Out for Delivery',
    });
    const online = await createOrder(t.db, {
      userId: customer.id,
      totalPaisa: 20_000,
      paymentMethod: 'esewa',
      createdAt: at(today.from, 4),
    });
    await t.db.insert(payments).values([
      {
        orderId: online.id,
        attempt: 1,
        provider: 'esewa',
        reference: 'ref-pending',
        amount: 20_000,
        status: 'pending',
      },
      {
        orderId: yesterday.id,
        attempt: 1,
        provider: 'khalti',
        reference: 'ref-refund',
        amount: 7_000,
        status: 'completed',
        refundDue: true,
      },
    ]);
    const low = await createProduct(t.db, { stock: 3, title: 'Almost gone' });
    const out = await createProduct(t.db, { stock: 0, title: 'All gone' });
    await createProduct(t.db, { stock: 3, lowStockThreshold: 2, title: 'Enough for its threshold' });
    await createProduct(t.db, { stock: 0, isActive: false, title: 'Withdrawn' });

    const dashboard = await read();
    expect(dashboard.today).toMatchObject({ orders: 3, revenue: 1400.5, cancelled: 1 });
    const sunday = today.from.getTime() === week.from.getTime();
    expect(dashboard.this_week).toMatchObject({
      orders: sunday ? 3 : 4,
      revenue: sunday ? 1400.5 : 1470.5,
      cancelled: 1,
    });
    expect(dashboard.orders_waiting).toEqual([
      { status: 'Order Processing', count: 2 },
      { status: 'Packed', count: 1 },
      { status: 'Out for Delivery', count: 1 },
    ]);
    expect(dashboard.low_stock.count).toBe(2);
    expect(dashboard.low_stock.products.map((p) => [p.id, p.stock, p.low_stock_threshold])).toEqual([
      [out.id, 0, 10],
      [low.id, 3, 10],
    ]);
    expect(dashboard.payments_pending).toMatchObject({
      count: 1,
      amount: 200,
      payments: [{ order_id: online.id, provider: 'esewa', reference: 'ref-pending', status: 'pending' }],
    });
    expect(dashboard.payments_refund_due).toMatchObject({
      count: 1,
      amount: 70,
      payments: [{ order_id: yesterday.id }],
    });
  });
});
