import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';

// A client that announces a body and sends a byte of it must not hold its connection open.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ REQUEST_TIMEOUT_MS: '600' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/** Writes `text` on a fresh connection; what the server answers and when it closed (or gave up at `waitMs`). */
function exchange(text: string, waitMs: number): Promise<{ answer: string; closedAfterMs?: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', reject);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
  });
}

const head = (length: number) =>
  `POST /api/ecommerce/signup/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

test('a body that does not arrive in time is answered 408 and its connection closed', async () => {
  const { answer, closedAfterMs } = await exchange(`${head(100_000)}{`, 5_000);
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(closedAfterMs).toBeDefined();
  // The limit (600 ms) plus at most one check interval (150 ms here), with room for a busy machine.
  expect(closedAfterMs).toBeGreaterThanOrEqual(550);
  expect(closedAfterMs).toBeLessThan(3_000);
});

test('a request that arrives in time is answered as usual', async () => {
  const body = '{}';
  const { answer, closedAfterMs } = await exchange(`${head(body.length)}${body}`, 1_500);
  // The sign-up's own answer to an empty form, not a timeout.
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  expect(closedAfterMs).toBeLessThan(600);
});

test('the limit is 30 s unless REQUEST_TIMEOUT_MS says otherwise', async () => {
  expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir }).requestTimeoutMs).toBe(30_000);
  expect(t.app.server.requestTimeout).toBe(600);
  expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, REQUEST_TIMEOUT_MS: 'soon' })).toThrow(
    /REQUEST_TIMEOUT_MS/,
  );
});
