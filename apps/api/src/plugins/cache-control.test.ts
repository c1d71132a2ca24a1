import { afterAll, beforeAll, expect, test } from 'vitest';
import { API, login, post } from '../modules/auth/auth-test-helpers';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createProduct, createUser } from '../test/factories';

// Answers that carry a customer's data must never be kept by a browser or a proxy.
let t: TestApp;
let phone: string;
beforeAll(async () => {
  t = await buildTestApp();
  phone = (await createUser(t.db)).phone as string;
  await createProduct(t.db);
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('login and refresh answers (tokens) are no-store', async () => {
  const loginRes = await post(t.app, '/login/', { phone_or_email: phone, password: 'Passw0rd!' });
  expect(loginRes.statusCode).toBe(200);
  expect(loginRes.headers['cache-control']).toBe('no-store');
  const refresh = await post(t.app, '/token/refresh/', { refresh: loginRes.json().refresh_token });
  expect(refresh.statusCode).toBe(200);
  expect(refresh.headers['cache-control']).toBe('no-store');
  const failed = await post(t.app, '/login/', { phone_or_email: phone, password: 'wrong-password' });
  expect(failed.statusCode).toBe(401);
  expect(failed.headers['cache-control']).toBe('no-store');
});

test('the profile, its errors and refusals of authenticated routes are no-store', async () => {
  const { access_token } = await login(t.app, phone, 'Passw0rd!');
  const profile = await t.app.inject({
    method: 'GET',
    url: `${API}/profile/`,
    headers: bearer(access_token),
  });
  expect(profile.statusCode).toBe(200);
  expect(profile.headers['cache-control']).toBe('no-store');

  const invalid = await t.app.inject({
    method: 'PUT',
    url: `${API}/profile/update/`,
    headers: bearer(access_token),
    payload: { first_name: '' },
  });
  expect(invalid.statusCode).toBe(400);
  expect(invalid.headers['cache-control']).toBe('no-store');

  const anonymous = await t.app.inject({ method: 'GET', url: `${API}/profile/` });
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.headers['cache-control']).toBe('no-store');
});

test('the dev outbox (one-time passcodes) is no-store', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=9800000000' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
});

test('catalogue answers keep their own public caching (revalidated by ETag); unknown API paths are no-store', async () => {
  for (const path of ['/category/all', '/products?q=product', '/home/data/']) {
    const res = await t.app.inject({ method: 'GET', url: `${API}${path}` });
    expect(res.statusCode, path).toBe(200);
    expect(res.headers['cache-control'], path).toBe('public, no-cache');
    expect(res.headers.etag, path).toBeTruthy();
  }
  const missing = await t.app.inject({ method: 'GET', url: '/api/ecommerce/no-such-thing/' });
  expect(missing.statusCode).toBe(404);
  expect(missing.headers['cache-control']).toBe('no-store');
});
