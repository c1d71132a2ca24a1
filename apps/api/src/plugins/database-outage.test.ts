import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { DATABASE_UNAVAILABLE } from '../lib/database-unavailable';
import { tempDir } from '../test/database-modes';
import { createUser } from '../test/factories';
import { freePort } from '../test/private-postgres';
import { createTestDatabase } from '../test/test-database';

// The app over a PostgreSQL pool whose server does not exist (nothing listens on the port): every
// database call fails the way it does while PostgreSQL is down. The full outage (a real server
// stopped, frozen and started again) is src/reliability/database-outage.test.ts.
const dataDir = tempDir();
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  const port = await freePort();
  database = await openDatabase({
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`,
    connectTimeoutMs: 2_000,
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'x'.repeat(16) + 'y'.repeat(16),
  });
  app = await buildApp({ config, db: database.db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('requests that need the database get a 503 with a clear message and Retry-After', async () => {
  const requests = [
    { method: 'GET' as const, url: '/api/ecommerce/category/all' },
    { method: 'GET' as const, url: '/api/ecommerce/product/detail/anything/' },
    {
      method: 'POST' as const,
      url: '/api/ecommerce/login/',
      payload: { phone_or_email: '9800000001', password: 'Demo@1234' },
    },
  ];
  for (const request of requests) {
    const res = await app.inject(request);
    expect(res.statusCode, request.url).toBe(503);
    expect(res.json(), request.url).toEqual({ message: DATABASE_UNAVAILABLE });
    expect(Number(res.headers['retry-after']), request.url).toBeGreaterThan(0);
    // Even on the catalogue, whose answers are otherwise cacheable.
    expect(res.headers['cache-control'], request.url).toBe('no-store');
  }
});

test('/api/health/ready says the database is unreachable; /api/health (liveness) still answers', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
  expect(res.headers['retry-after']).toBeDefined();
  const live = await app.inject({ method: 'GET', url: '/api/health' });
  expect(live.statusCode).toBe(200);
  expect(live.json()).toEqual({ status: 'ok' });
});

test('a mistake of the caller is still a 4xx, not an outage (the same handler, a working database)', async () => {
  const working = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'x'.repeat(16) + 'y'.repeat(16),
  });
  const other = await buildApp({ config, db: working.db });
  try {
    const user = await createUser(working.db);
    const res = await other.inject({
      method: 'POST',
      url: '/api/ecommerce/signup/',
      payload: {
        email: user.email,
        password: 'secret1',
        confirm_password: 'secret1',
        first_name: 'A',
        last_name: 'B',
        phone: user.phone,
      },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  } finally {
    await other.close();
    await working.close();
  }
});
