import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEV_ROUTES_LOCAL_ONLY, DEV_ROUTES_NOTICE } from '../plugins/dev-routes';
import { tempDir } from '../test/database-modes';
import { killAll, type ServerProcess, startServer } from '../test/server-process';

// `npm start` (development) listens on every interface; its development routes stay this machine's.
let dataDir: string;
beforeAll(() => {
  dataDir = tempDir();
});
const servers: ServerProcess[] = [];
afterAll(async () => {
  await killAll(servers);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a development start on every interface says who its development routes answer, and keeps to it', async () => {
  const server = await startServer({ dataDir, env: { HOST: '0.0.0.0' } });
  servers.push(server);
  expect(server.output()).toContain(DEV_ROUTES_NOTICE);
  const outbox = `${server.url}/api/dev/outbox?to=9800000001`;
  expect((await fetch(outbox)).status).toBe(200);
  // What a proxy on this machine sends on a visitor's behalf is not this machine's.
  const forwarded = await fetch(outbox, { headers: { 'x-forwarded-for': '203.0.113.7' } });
  expect(forwarded.status).toBe(403);
  expect(((await forwarded.json()) as { message: string }).message).toBe(DEV_ROUTES_LOCAL_ONLY);
  expect(await server.stop()).toEqual({ code: 0, signal: null });
});
