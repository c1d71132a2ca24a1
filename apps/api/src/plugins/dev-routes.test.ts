import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLocations } from '../seed/locations';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createStaff } from '../test/factories';
import { DEV_ROUTES_LOCAL_ONLY } from './dev-routes';

// Outside production the development routes read every OTP and move any order: only the machine
// the shop runs on may use them, even when it listens on every interface (docs/decisions/039).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ NODE_ENV: 'development' });
  await seedLocations(t.db);
  await createStaff(t.db);
});
afterAll(async () => {
  await t.close();
});

const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=9800000001', remoteAddress, headers });

describe('development routes', () => {
  test('answer requests from this machine (IPv4, IPv6 and IPv4-mapped loopback)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await outbox(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.json()).toEqual({ results: [], totals: { sms_messages: 0, sms_segments: 0 } });
    }
  });

  test('refuse another machine with a 403 that says why', async () => {
    for (const address of ['203.0.113.7', '10.0.0.5', '::ffff:192.168.1.20', '2001:db8::1']) {
      const res = await outbox(address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json().message).toBe(DEV_ROUTES_LOCAL_ONLY);
    }
    // Moving an order is refused before the order (or the body) is even looked at.
    const move = await t.app.inject({
      method: 'POST',
      url: '/api/dev/orders/1/status',
      payload: { status: 'Cancelled', reason: 'not mine' },
      remoteAddress: '203.0.113.7',
    });
    expect(move.statusCode).toBe(403);
    expect(move.json().message).toBe(DEV_ROUTES_LOCAL_ONLY);
  });

  test('X-Forwarded-For cannot make a request local, and a forwarded one is not local', async () => {
    expect((await outbox('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    // A proxy on this machine connects from loopback for every visitor: its forwards are refused.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip'])
      expect((await outbox('127.0.0.1', { [header]: '203.0.113.7' })).statusCode, header).toBe(403);
  });

  test('with TRUST_PROXY too: only a request straight from this machine', async () => {
    const proxied = await buildTestApp({ NODE_ENV: 'development', TRUST_PROXY: '1' });
    try {
      const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
        proxied.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });
      expect((await get('127.0.0.1')).statusCode).toBe(200);
      expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(403);
      expect((await get('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  test('the wallet simulators still answer a shopper on another machine (checkout sends them there)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev/esewa/pay/no-such-payment',
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('No such payment.');
  });
});
