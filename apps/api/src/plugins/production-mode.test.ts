import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createTestDatabase } from '../test/test-database';
import { PERMISSIONS_POLICY } from './security-headers';

const strongSecret = randomBytes(48).toString('base64url');

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await t.close();
  });

  test('every answer carries strict security headers, HSTS included', async () => {
    for (const url of ['/api/health', '/api/ecommerce/category/all', '/no-such-page.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      const h = res.headers;
      const maxAge = Number(/max-age=(\d+)/.exec(String(h['strict-transport-security']))?.[1]);
      expect(maxAge, url).toBeGreaterThanOrEqual(31_536_000);
      expect(h['strict-transport-security'], url).toContain('includeSubDomains');
      const csp = String(h['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain("'unsafe-eval'");
      expect(h['x-content-type-options'], url).toBe('nosniff');
      expect(h['referrer-policy'], url).toBe('no-referrer');
      expect(h['x-frame-options'], url).toBe('DENY');
      expect(h['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
  });

  test('development routes do not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=9800000001' });
    expect(res.statusCode).toBe(404);
    const move = await t.app.inject({
      method: 'POST',
      url: '/api/dev/orders/1/status',
      payload: { status: 'Cancelled', reason: 'x' },
    });
    expect(move.statusCode).toBe(404);
    for (const route of LOCAL_DEV_ROUTES) expect(t.app.hasRoute(route), route.url).toBe(false);
  });

  test('the wallet simulators do not exist', () => {
    for (const route of WALLET_SIMULATOR_ROUTES) {
      expect(t.app.hasRoute(route), `${route.method} ${route.url}`).toBe(false);
    }
  });
});

/** The development routes only this machine may use outside production (dev-routes.test.ts). */
const LOCAL_DEV_ROUTES = [
  { method: 'GET', url: '/api/dev/outbox' },
  { method: 'POST', url: '/api/dev/orders/:id/status' },
] as const;

/** Where a wallet's simulator takes payments outside production (a real wallet's paths, under /dev). */
const WALLET_SIMULATOR_ROUTES = [
  { method: 'POST', url: '/dev/esewa/api/epay/main/v2/form' },
  { method: 'GET', url: '/dev/esewa/pay/:uuid' },
  { method: 'POST', url: '/dev/khalti/api/v2/epayment/initiate' },
  { method: 'POST', url: '/dev/khalti/api/v2/epayment/lookup' },
] as const;

test('a development route registered outside plugins/dev-routes.ts stops a production start', async () => {
  const database = await createTestDatabase();
  try {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: strongSecret, DATA_DIR: '/nonexistent' });
    const app = await buildApp({ config, db: database.db });
    expect(() => app.get('/dev/esewa/pay', async () => 'simulated')).toThrow(/must not exist in production/);
    expect(() => app.get('/api/dev/anything', async () => 'x')).toThrow(/must not exist in production/);
    // Paths that merely start with the letters are not dev paths.
    expect(() => app.get('/api/devices', async () => [])).not.toThrow();
    await app.close();
  } finally {
    await database.close();
  }
});

describe('outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'development' });
  });
  afterAll(async () => {
    await t.close();
  });

  test('the wallet simulators and the local development routes are there (so the production checks above can fail)', () => {
    for (const route of [...WALLET_SIMULATOR_ROUTES, ...LOCAL_DEV_ROUTES]) {
      expect(t.app.hasRoute(route), `${route.method} ${route.url}`).toBe(true);
    }
  });

  test('no HSTS (a developer machine has no TLS) and the dev outbox answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=9800000001' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });
});
