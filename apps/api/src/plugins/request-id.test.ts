import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createTestDatabase } from '../test/test-database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

test('every answer carries a new request id, errors and unknown paths included', async () => {
  const ids = new Set<string>();
  for (const url of [
    '/api/health',
    '/api/ecommerce/nope',
    '/api/ecommerce/product/detail/no-such-product/',
  ]) {
    const res = await t.app.inject({ method: 'GET', url });
    const id = res.headers['x-request-id'];
    expect(id, url).toMatch(UUID);
    ids.add(String(id));
  }
  expect(ids.size).toBe(3);
});

test("a well-formed incoming X-Request-Id is kept (a proxy's id follows the request)", async () => {
  for (const given of [
    '3f2b8c1e-0d7a-4c55-9b1a-2f6e8d4c7a10',
    'c0a80101ab12cd34ef5678901234abcd',
    'req.42:edge-1',
  ]) {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).toBe(given);
  }
});

test('a malformed incoming X-Request-Id is replaced, so it cannot forge or bloat log lines', async () => {
  for (const given of [
    'short',
    'has space in it',
    'line\\nbreak-injected',
    'x'.repeat(129),
    '<script>alert(1)</script>',
  ]) {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id'], given).toMatch(UUID);
  }
});

test("the request's log lines carry the id the answer names", async () => {
  const lines: { reqId?: string; msg: string }[] = [];
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    JWT_SECRET: 'r'.repeat(16) + 's'.repeat(16),
    LOG_LEVEL: 'debug',
    WEB_DIST: join(t.dataDir, 'no-web'),
  });
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = await buildApp({ config, db: database.db, logStream });
  try {
    const res = await app.inject({ method: 'GET', url: '/api/ecommerce/nope' });
    const id = res.headers['x-request-id'];
    const requestLines = lines.filter(
      (line) => line.msg === 'incoming request' || line.msg === 'request completed',
    );
    expect(requestLines.length).toBe(2);
    for (const line of requestLines) expect(line.reqId).toBe(id);
  } finally {
    await app.close();
    await database.close();
  }
});
