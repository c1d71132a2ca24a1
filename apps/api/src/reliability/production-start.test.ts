import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/password';
import { DEV_ROUTES_NOTICE } from '../plugins/dev-routes';
import { tempDir } from '../test/database-modes';
import { clusterState } from '../test/pg-control';
import { freePort } from '../test/private-postgres';
import { killAll, type ServerProcess, startExpectingRefusal, startServer } from '../test/server-process';

// What a production start refuses, with a message and an exit code a supervisor can act on.
// Made when the tests run (not when they are merely listed).
let dataDir: string;
beforeAll(() => {
  dataDir = tempDir();
});
const servers: ServerProcess[] = [];
afterAll(async () => {
  await killAll(servers);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
const production = { NODE_ENV: 'production' };

test('a missing, short or placeholder signing secret: exit 78 with the reason', async () => {
  for (const [secret, reason] of [
    [undefined, 'JWT_SECRET must be set in production'],
    ['short-secret', 'JWT_SECRET must be at least 32 characters'],
    ['change-me-to-a-long-random-secret-please', 'looks like a placeholder'],
  ] as const) {
    const run = await startExpectingRefusal({ dataDir, env: { ...production, JWT_SECRET: secret } });
    expect(run.code, run.output).toBe(78);
    expect(run.output).toContain(reason);
  }
});

test('a database server that cannot be reached at start: exit 69', async () => {
  const port = await freePort();
  const run = await startExpectingRefusal({
    dataDir,
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    env: { DATABASE_CONNECT_TIMEOUT_MS: '1000' },
  });
  expect(run.code, run.output).toBe(69);
  expect(run.output).toContain('Cannot start: the database is unreachable');
});

test('an account with a demo password stops a production start (cleanly); a changed password lets it run', async () => {
  const database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
  await database.migrate();
  await database.db.insert(users).values({
    email: 'admin@example.com',
    passwordHash: await hashPassword('Admin@1234'),
    firstName: 'Pasal',
    lastName: 'Admin',
    isActive: true,
    isStaff: true,
  });
  await database.close();

  const refused = await startExpectingRefusal({ dataDir, env: production });
  expect(refused.code, refused.output).toBe(78);
  expect(refused.output).toContain('admin@example.com still has its demo password');
  // The refusal closed the database and freed the folder.
  expect(clusterState(join(dataDir, 'db'))).toBe('shut down');

  const again = await openDatabase({ pgliteDir: join(dataDir, 'db') });
  await again.db
    .update(users)
    .set({ passwordHash: await hashPassword('a-password-nobody-knows-9') })
    .where(eq(users.email, 'admin@example.com'));
  await again.close();

  const server = await startServer({ dataDir, env: production });
  servers.push(server);
  expect((await fetch(`${server.url}/api/dev/outbox?to=9800000001`)).status).toBe(404);
  expect(server.output()).not.toContain(DEV_ROUTES_NOTICE);
  const health = await fetch(`${server.url}/api/health`);
  expect(health.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(await server.stop()).toEqual({ code: 0, signal: null });
});
