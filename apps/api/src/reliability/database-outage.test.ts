import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../lib/database-unavailable';
import { tempDir } from '../test/database-modes';
import { type PrivatePostgres, postgresBinaries, startPrivatePostgres } from '../test/private-postgres';
import { killAll, type ServerProcess, startServer } from '../test/server-process';
import { checkoutsUntil, expectOrdersWhole, type Outcome } from './checkout-load';
import { seedShop, sendCheckout, withDatabase } from './shop-fixture';

// PostgreSQL goes away under a running server: stopped (connections cut and refused), frozen
// (connections hang, as over a dead network) or stuck behind a lock. Each time the shop answers
// at once with a 503 that says so, and recovers by itself when the database is back. Runs on a
// private cluster of its own, since it stops it.
const bin = postgresBinaries();
let dataDir: string | undefined;
let cluster: PrivatePostgres;
let server: ServerProcess;

// Timeouts short enough for a test; production defaults are 5 s and 15 s.
const CONNECT_TIMEOUT_MS = 1_000;
const STATEMENT_TIMEOUT_MS = 1_500;
// A request that hangs past this has not "failed fast": the test fails instead of hanging too.
const HANG = 20_000;

async function get(path: string, init: RequestInit = {}) {
  return fetch(`${server.url}${path}`, { ...init, signal: AbortSignal.timeout(HANG) });
}

async function expectUnavailable(): Promise<void> {
  const health = await get('/api/health/ready');
  expect(health.status).toBe(503);
  expect(await health.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
  // Liveness does not ask the database: a supervisor must not restart a server that waits for it.
  expect((await get('/api/health')).status).toBe(200);
  for (const path of ['/api/ecommerce/category/all', '/api/ecommerce/products?q=tea']) {
    const res = await get(path);
    expect(res.status, path).toBe(503);
    expect(await res.json(), path).toEqual({ message: DATABASE_UNAVAILABLE });
    expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0);
    expect(res.headers.get('cache-control'), path).toBe('no-store');
  }
  const login = await get('/api/ecommerce/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_or_email: '9800000001', password: 'whatever1' }),
  });
  expect(login.status).toBe(503);
}

/** The shop serves again without a restart (polls: the pool reconnects on the next request). */
async function expectRecovered(): Promise<void> {
  const deadline = Date.now() + 30_000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await get('/api/health/ready')).status;
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(status).toBe(200);
  expect((await get('/api/ecommerce/category/all')).status).toBe(200);
}

describe.skipIf(!bin)(
  'PostgreSQL outage (needs /usr/lib/postgresql/*/bin: apt-get install postgresql)',
  () => {
    beforeAll(async () => {
      dataDir = tempDir();
      cluster = await startPrivatePostgres(bin as string);
      server = await startServer({
        dataDir,
        databaseUrl: cluster.url,
        env: {
          DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
          DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
          // Off: within its few-second bound the catalogue cache would rightly answer from memory;
          // this test is about what reaching the database does.
          CATALOGUE_CACHE_MS: '0',
        },
      });
    });
    afterAll(async () => {
      await killAll([server]);
      cluster?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test('database stopped: fast 503s and an honest health check; back by itself when it returns', async () => {
      expect((await get('/api/ecommerce/category/all')).status).toBe(200);
      cluster.stop();
      await expectUnavailable();
      cluster.start();
      await expectRecovered();
    });

    test('database frozen (connections hang): 503 after the connection or query timeout, not a hang', async () => {
      cluster.freeze();
      try {
        await expectUnavailable();
      } finally {
        cluster.thaw();
      }
      await expectRecovered();
    });

    test('a statement stuck behind a lock is cancelled by the statement timeout: 503', async () => {
      // Another session holds an exclusive lock on the categories for longer than the timeout.
      const holder = cluster.psqlBackground(
        `begin; lock table categories in access exclusive mode; select pg_sleep(${(STATEMENT_TIMEOUT_MS * 4) / 1000}); commit;`,
      );
      try {
        const deadline = Date.now() + 10_000;
        while (
          !cluster
            .psql(
              "select count(*) from pg_locks where mode = 'AccessExclusiveLock' and relation = 'categories'::regclass",
            )
            .startsWith('1')
        ) {
          if (Date.now() > deadline) throw new Error('the lock was never taken');
          await new Promise((r) => setTimeout(r, 100));
        }
        const res = await get('/api/ecommerce/category/all');
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
        // Everything that does not need the locked table still works.
        expect((await get('/api/health/ready')).status).toBe(200);
      } finally {
        await holder.stop();
      }
      expect(server.output()).toContain('canceling statement due to statement timeout');
    });

    test('database stopped in the middle of checkouts: 503s; once it is back, every answered order is whole and a retry places nothing twice', async () => {
      const shop = { dataDir: dataDir as string, databaseUrl: cluster.url };
      const fixture = await seedShop(shop, { products: 3, stock: 60, customers: 8 });
      const load = await checkoutsUntil(server, fixture, {
        placedBefore: 12,
        methods: ['cash'],
        stop: async () => cluster.stop(),
      });
      const answered = load.outcomes.filter((o) => o.answer?.status === 201);
      const refused = load.outcomes.filter((o) => o.answer?.status !== 201);
      // The shop itself stayed up: every checkout got an answer, and those the outage caught a 503.
      expect(load.outcomes.filter((o) => o.answer === undefined)).toEqual([]);
      expect(refused.length).toBeGreaterThan(0);
      for (const { answer } of refused) {
        expect(answer?.status).toBe(503);
        expect(answer?.body).toEqual({ message: DATABASE_UNAVAILABLE });
      }

      cluster.start();
      await expectRecovered();
      // A 503 does not say whether the order was placed (the commit may have been under way): the
      // client sends it again with the same key and gets the one order either way.
      const retried: Outcome[] = [];
      for (const { call } of refused) {
        const answer = await sendCheckout(server, call);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        retried.push({ call, answer });
      }
      await withDatabase(shop, (db) => expectOrdersWhole(db, fixture, 60, [...answered, ...retried]));
    });
  },
);
