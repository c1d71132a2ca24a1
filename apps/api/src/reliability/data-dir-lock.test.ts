import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { tempDir } from '../test/database-modes';
import { clusterState } from '../test/pg-control';
import { killAll, type ServerProcess, startExpectingRefusal, startServer } from '../test/server-process';

// PGlite has no guard of its own: a second process on the same folder would corrupt it.
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

test('a folder open in one server is refused to a second; after a crash (SIGKILL) it starts again', async () => {
  const first = await startServer({ dataDir });
  servers.push(first);

  const second = await startExpectingRefusal({ dataDir });
  expect(second.code).toBe(75);
  expect(second.output).toContain(`The data folder ${dataDir} is already open in process ${first.pid}`);
  // The refused start did not take the folder from the first server.
  expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

  // A crash leaves the lock file behind, held by a process that no longer exists.
  expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
  expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);
  // …and the database as a crash does: its next start recovers from the write-ahead log.
  expect(clusterState(join(dataDir, 'db'))).toBe('in production');

  const third = await first.restart();
  servers.push(third);
  expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
  expect(await third.stop()).toEqual({ code: 0, signal: null });
  // A clean stop leaves no lock behind.
  expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  expect(clusterState(join(dataDir, 'db'))).toBe('shut down');
});
