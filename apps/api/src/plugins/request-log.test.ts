import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { RequestLogController } from './request-log';

async function appLogging(level: string) {
  const lines: { level: number; msg: string; req?: { url: string }; responseTime?: number }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogController(500) });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    return { ok: true };
  });
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines };
}

test('at info level only slow requests and errors are logged, each with its URL', async () => {
  const { app, lines } = await appLogging('info');
  for (let i = 0; i < 5; i += 1) await app.inject({ method: 'GET', url: '/fast' });
  expect(lines).toEqual([]);
  await app.inject({ method: 'GET', url: '/slow' });
  expect(lines).toEqual([
    expect.objectContaining({
      level: 40,
      msg: 'slow request',
      req: expect.objectContaining({ url: '/slow' }),
    }),
  ]);
  expect(lines[0].responseTime).toBeGreaterThanOrEqual(500);
  await app.inject({ method: 'GET', url: '/broken' });
  expect(lines.filter((l) => l.level >= 50).length).toBeGreaterThan(0);
  await app.close();
});

test('at debug level every request is logged again', async () => {
  const { app, lines } = await appLogging('debug');
  await app.inject({ method: 'GET', url: '/fast' });
  expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  await app.close();
});
