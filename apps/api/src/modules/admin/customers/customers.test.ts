import type { AdminCustomer, AdminCustomerDetail } from '@pasal/contract/admin-customers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrder, createUser } from '../../../test/factories';
import { admin, newStaff, type StaffMember } from '../../../test/staff';
import { login, post } from '../../auth/auth-test-helpers';
import { CUSTOMER_NOT_FOUND } from './customer-service';

let t: TestApp;
let staff: StaffMember;
let sita: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await newStaff(t.app, t.db);
  sita = await createUser(t.db, {
    firstName: 'Sita',
    middleName: 'Kumari',
    lastName: 'Shrestha',
    email: 'sita@example.com',
  });
  await createUser(t.db, { firstName: 'Ram', lastName: 'Thapa', email: 'ram@example.com' });
  await createUser(t.db, { firstName: 'Hari', lastName: 'Shrestha', isActive: false });
  await createOrder(t.db, { userId: sita.id, totalPaisa: 120_050 });
  await createOrder(t.db, { userId: sita.id, totalPaisa: 30_000 });
  await createOrder(t.db, { userId: sita.id, totalPaisa: 99_900, orderStatus: 'Cancelled' });
});
afterAll(async () => {
  await t.close();
});

async function list(query: string) {
  const answer = await admin(t.app, 'GET', `/customers/?${query}`, { as: staff });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ count: number; results: AdminCustomer[] }>();
}

describe('customers', () => {
  test('found by name, phone or e-mail, with their orders count and total; staff are not customers', async () => {
    expect((await list('q=shrestha')).results.map((c) => c.first_name).sort()).toEqual(['Hari', 'Sita']);
    expect((await list('q=sita%20kumari')).results.map((c) => c.id)).toEqual([sita.id]);
    expect((await list(`q=${sita.phone}`)).results.map((c) => c.id)).toEqual([sita.id]);
    expect((await list('q=SITA@EXAMPLE')).results.map((c) => c.id)).toEqual([sita.id]);
    const [found] = (await list('q=sita')).results;
    expect(found).toMatchObject({
      full_name: 'Sita Kumari Shrestha',
      status: 'active',
      orders_count: 3,
      orders_total: 1500.5,
    });
    expect((await list('status=unverified')).results.map((c) => c.first_name)).toEqual(['Hari']);
    expect((await list('q=staff')).count).toBe(0);
    expect((await list('sort=orders_total&order=desc&page_size=1')).results[0].id).toBe(sita.id);
    const detail = await admin(t.app, 'GET', `/customers/${sita.id}/`, { as: staff });
    const customer: AdminCustomerDetail = detail.json().customer;
    expect(customer.recent_orders.map((o) => [o.total, o.order_status])).toEqual([
      [999, 'Cancelled'],
      [300, 'Order Processing'],
      [1200.5, 'Order Processing'],
    ]);
    const asStaff = await admin(t.app, 'GET', `/customers/${staff.id}/`, { as: staff });
    expect(asStaff.statusCode).toBe(404);
    expect(asStaff.json().message).toBe(CUSTOMER_NOT_FOUND);
  });

  test('disabling ends every session at once; re-enabling lets them log in again', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.phone!, 'Passw0rd!');
    const profile = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/ecommerce/profile/',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
    expect((await profile()).statusCode).toBe(200);

    const disabled = await admin(t.app, 'POST', `/customers/${user.id}/disable/`, {
      as: staff,
      payload: { reason: 'Chargeback fraud' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().customer).toMatchObject({ status: 'disabled' });
    expect(disabled.json().customer.disabled_at).toMatch(/\+05:45$/);
    expect((await profile()).statusCode).toBe(401);
    expect((await post(t.app, '/token/refresh/', { refresh: session.refresh_token })).statusCode).toBe(401);
    expect(
      (await post(t.app, '/login/', { phone_or_email: user.phone, password: 'Passw0rd!' })).statusCode,
    ).not.toBe(200);

    const again = await admin(t.app, 'POST', `/customers/${user.id}/disable/`, { as: staff });
    expect(again.statusCode).toBe(200);
    const enabled = await admin(t.app, 'POST', `/customers/${user.id}/enable/`, { as: staff });
    expect(enabled.json().customer).toMatchObject({ status: 'active', disabled_at: null });
    const fresh = await login(t.app, user.phone!, 'Passw0rd!');
    expect(fresh.access_token).toBeTruthy();
    // The sessions the disabling ended stay ended.
    expect((await profile()).statusCode).toBe(401);
    expect((await post(t.app, '/token/refresh/', { refresh: session.refresh_token })).statusCode).toBe(401);

    const entries = (
      await admin(t.app, 'GET', `/audit/?entity=customer&entity_id=${user.id}`, { as: staff })
    ).json().results;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['enable', 'disable']);
    expect(entries[1]).toMatchObject({
      staff: { id: staff.id },
      note: 'Chargeback fraud',
      before: { status: 'active', disabled_at: null },
      after: { status: 'disabled' },
    });
  });

  test('a staff account or an unknown id cannot be disabled here', async () => {
    const other = await newStaff(t.app, t.db);
    expect((await admin(t.app, 'POST', `/customers/${other.id}/disable/`, { as: staff })).statusCode).toBe(
      404,
    );
    expect((await admin(t.app, 'POST', '/customers/999999/disable/', { as: staff })).statusCode).toBe(404);
    expect(
      (await admin(t.app, 'POST', `/customers/${sita.id}/disable/`, { as: staff, payload: { reason: 5 } }))
        .statusCode,
    ).toBe(400);
    expect((await admin(t.app, 'GET', '/dashboard/', { as: other })).statusCode).toBe(200);
  });
});
