import { STAFF_ONLY } from '@pasal/contract/admin-common';
import {
  REPORT_RANGE_BACKWARDS,
  REPORT_RANGE_TOO_LONG,
  type SalesReport,
} from '@pasal/contract/admin-reports';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderCancellations } from '../../../db/schema/orders';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCategory, createOrder, createProduct, createUser } from '../../../test/factories';
import { newShopper } from '../../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../../test/staff';

describe('the sales report', () => {
  let t: TestApp;
  let staff: StaffMember;
  beforeAll(async () => {
    t = await buildTestApp();
    staff = await newStaff(t.app, t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const report = (from: string, to: string) =>
    admin(t.app, 'GET', `/reports/sales/?from=${from}&to=${to}`, { as: staff });

  test('a range must be two real days, in order, at most a year apart', async () => {
    const refused = [
      [
        admin(t.app, 'GET', '/reports/sales/?to=2025-10-01', { as: staff }),
        'from must be a date such as 2025-10-01',
      ],
      [report('2025-02-30', '2025-03-01'), 'from must be a date such as 2025-10-01'],
      [report('2025-10-01', '1 Nov'), 'to must be a date such as 2025-10-01'],
      [report('2025-10-02', '2025-10-01'), REPORT_RANGE_BACKWARDS],
      [report('2024-01-01', '2025-01-01'), REPORT_RANGE_TOO_LONG],
    ] as const;
    for (const [answer, message] of refused) {
      const result = await answer;
      expect(result.statusCode, result.body).toBe(400);
      expect(result.json().message).toContain(message);
    }
    // 2024 was a leap year: 366 days is the longest range.
    const year = await report('2024-01-01', '2024-12-31');
    expect(year.statusCode, year.body).toBe(200);
    expect(year.json<SalesReport>()).toMatchObject({ days: 366, totals: { orders: 0, revenue: 0 } });
    expect(year.json<SalesReport>().sales_by_day).toHaveLength(366);
  });

  test('staff only: a visitor gets 401, a customer 403', async () => {
    const url = '/reports/sales/?from=2025-10-01&to=2025-10-03';
    expect((await admin(t.app, 'GET', url)).statusCode).toBe(401);
    const customer = await admin(t.app, 'GET', url, { as: await newShopper(t.app, t.db) });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ message: STAFF_ONLY });
  });

  test('the figures are the seeded orders’, by the Nepal day they were placed on', async () => {
    const customer = await createUser(t.db);
    const groceries = await createCategory(t.db, { title: 'Groceries' });
    const household = await createCategory(t.db, { title: 'Household' });
    const rice = await createProduct(t.db, { categoryId: groceries.id, title: 'Rice' });
    const lentils = await createProduct(t.db, { categoryId: groceries.id, title: 'Lentils' });
    const soap = await createProduct(t.db, { categoryId: household.id, title: 'Soap' });
    const line = (product: { id: number; title: string }, quantity: number, unitPaisa: number) => ({
      productId: product.id,
      title: product.title,
      quantity,
      unitPaisa,
    });
    const order = (at: string, totalPaisa: number, extra: Partial<Parameters<typeof createOrder>[1]>) =>
      createOrder(t.db, { userId: customer.id, totalPaisa, createdAt: new Date(at), ...extra });

    // 1 October, five minutes after midnight in Kathmandu (still 30 September in UTC).
    await order('2025-10-01T00:05:00+05:45', 100_000, {
      orderStatus: 'Delivered',
      paymentStatus: 'Paid',
      lines: [line(rice, 2, 50_000)],
    });
    await order('2025-10-01T23:59:00+05:45', 55_050, {
      orderStatus: 'Packed',
      paymentMethod: 'esewa',
      paymentStatus: 'Paid',
      lines: [line(lentils, 1, 25_050), line(soap, 3, 10_000)],
    });
    await order('2025-10-03T12:00:00+05:45', 10_000, {
      paymentMethod: 'khalti',
      lines: [line(soap, 1, 10_000)],
    });
    // Cancelled: counted apart, never in sales.
    const cancelled = [
      ['2025-10-02T10:00:00+05:45', 250_000, 'cash', 'customer', 'Changed my mind'],
      ['2025-10-03T10:00:00+05:45', 5_000, 'esewa', 'customer', '  Changed my mind '],
      ['2025-10-03T11:00:00+05:45', 7_000, 'cash', 'staff', 'Out of stock'],
    ] as const;
    for (const [at, totalPaisa, paymentMethod, cancelledBy, remarks] of cancelled) {
      const placed = await order(at, totalPaisa, {
        orderStatus: 'Cancelled',
        paymentMethod,
        paymentStatus: 'Unpaid',
        lines: [line(rice, 5, totalPaisa / 5)],
      });
      await t.db.insert(orderCancellations).values({ orderId: placed.id, cancelledBy, remarks });
    }
    // Just outside the range on both sides.
    await order('2025-09-30T23:59:00+05:45', 99_900, { lines: [line(soap, 9, 11_100)] });
    await order('2025-10-04T00:00:00+05:45', 99_900, { lines: [line(soap, 9, 11_100)] });

    const answer = await report('2025-10-01', '2025-10-03');
    expect(answer.statusCode, answer.body).toBe(200);
    const figures = answer.json<SalesReport>();
    expect(figures).toMatchObject({ from: '2025-10-01', to: '2025-10-03', days: 3 });
    expect(figures.totals).toEqual({ orders: 3, revenue: 1650.5, average_order: 550.17, cancelled: 3 });
    expect(figures.sales_by_day).toEqual([
      { date: '2025-10-01', orders: 2, revenue: 1550.5 },
      { date: '2025-10-02', orders: 0, revenue: 0 },
      { date: '2025-10-03', orders: 1, revenue: 100 },
    ]);
    expect(figures.orders_by_status).toEqual([
      { status: 'Order Processing', count: 1 },
      { status: 'Packed', count: 1 },
      { status: 'Out for Delivery', count: 0 },
      { status: 'Delivered', count: 1 },
      { status: 'Cancelled', count: 3 },
    ]);
    expect(figures.payment_methods).toEqual([
      { method: 'cash', orders: 1, revenue: 1000 },
      { method: 'esewa', orders: 1, revenue: 550.5 },
      { method: 'khalti', orders: 1, revenue: 100 },
    ]);
    expect(figures.top_products).toEqual([
      { product_id: rice.id, title: 'Rice', quantity: 2, revenue: 1000 },
      { product_id: soap.id, title: 'Soap', quantity: 4, revenue: 400 },
      { product_id: lentils.id, title: 'Lentils', quantity: 1, revenue: 250.5 },
    ]);
    expect(figures.top_categories).toEqual([
      { category_id: groceries.id, title: 'Groceries', quantity: 3, revenue: 1250.5 },
      { category_id: household.id, title: 'Household', quantity: 4, revenue: 400 },
    ]);
    expect(figures.cancellations).toEqual({
      by: [
        { cancelled_by: 'customer', count: 2 },
        { cancelled_by: 'staff', count: 1 },
        { cancelled_by: 'system', count: 0 },
      ],
      reasons: [
        { reason: 'Changed my mind', count: 2 },
        { reason: 'Out of stock', count: 1 },
      ],
    });

    // One day: the first of October alone.
    const one = (await report('2025-10-01', '2025-10-01')).json<SalesReport>();
    expect(one.totals).toEqual({ orders: 2, revenue: 1550.5, average_order: 775.25, cancelled: 0 });
    expect(one.cancellations.reasons).toEqual([]);
  });
});
