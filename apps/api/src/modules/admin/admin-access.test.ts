import { STAFF_ONLY } from '@pasal/contract/admin-common';
import { count, eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { products } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct, createUser } from '../../test/factories';
import { newShopper, type Shopper } from '../../test/shopper';
import { newStaff, type StaffMember } from '../../test/staff';
import { login } from '../auth/auth-test-helpers';

// Every console route, as the app documents it (so a new one is covered the day it is added):
// a visitor gets 401, a customer 403, and neither changes anything.

let t: TestApp;
let customer: Shopper;
let staff: StaffMember;
let routes: { method: string; url: string; label: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  customer = await newShopper(t.app, t.db);
  staff = await newStaff(t.app, t.db);
  // Something for the customer to aim at: product (and category) 1.
  await createProduct(t.db);
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  routes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '1'),
        label: `${method.toUpperCase()} ${path}`,
      })),
    );
});

afterAll(async () => {
  await t?.close();
});

function call(route: { method: string; url: string }, token?: string, payload: unknown = { title: 'x' }) {
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return t.app.inject({
    method: route.method as HTTPMethods,
    url: `${route.url}?version=1`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(withBody ? { payload: payload as object } : {}),
  });
}

describe('the console is for staff only', () => {
  test('the app documents every console route (sanity check of the list below)', () => {
    expect(routes.length).toBeGreaterThanOrEqual(35);
    expect(routes.map((r) => r.label)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/dashboard/',
        'GET /api/admin/reports/sales/',
        'PATCH /api/admin/products/{productId}/',
        'GET /api/admin/audit/',
      ]),
    );
  });

  test('a visitor gets 401 on every console route', async () => {
    for (const route of routes) {
      const answer = await call(route);
      expect(answer.statusCode, route.label).toBe(401);
      expect(answer.json().message, route.label).toBeTruthy();
    }
  });

  test('a forged token gets 401 on every console route', async () => {
    for (const route of routes) {
      expect((await call(route, 'not-a-token')).statusCode, route.label).toBe(401);
    }
  });

  test('a customer gets 403 with a clear message on every console route, and changes nothing', async () => {
    const [before] = await t.db.select().from(products).where(eq(products.id, 1));
    for (const route of routes) {
      const answer = await call(route, customer.token, { version: 1, title: 'Hacked', is_active: false });
      expect(answer.statusCode, route.label).toBe(403);
      expect(answer.json(), route.label).toEqual({ message: STAFF_ONLY });
    }
    const [after] = await t.db.select().from(products).where(eq(products.id, 1));
    expect(after).toEqual(before);
    const [{ n }] = await t.db.select({ n: count() }).from(auditLog);
    expect(Number(n)).toBe(0);
  });

  test('a staff member gets past the guard on every console route, and no answer may be cached', async () => {
    for (const route of routes) {
      const answer = await call(route, staff.token);
      expect([401, 403], `${route.label} answered ${answer.statusCode}`).not.toContain(answer.statusCode);
      expect(answer.statusCode, route.label).toBeLessThan(500);
      expect(answer.headers['cache-control'], route.label).toBe('no-store');
    }
  });

  test('staff rights are read on every request: granting and withdrawing them works at once', async () => {
    const user = await createUser(t.db);
    const token = (await login(t.app, user.phone!, 'Passw0rd!')).access_token;
    const dashboard = { method: 'GET', url: '/api/admin/dashboard/' };
    expect((await call(dashboard, token)).statusCode).toBe(403);
    await t.db.update(users).set({ isStaff: true }).where(eq(users.id, user.id));
    expect((await call(dashboard, token)).statusCode).toBe(200);
    await t.db.update(users).set({ isStaff: false }).where(eq(users.id, user.id));
    expect((await call(dashboard, token)).statusCode).toBe(403);
  });
});
