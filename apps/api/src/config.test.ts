import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { esewaStatusCheckUrl } from './modules/payments/esewa-provider';

const dataDir = mkdtempSync(join(tmpdir(), 'pasal-config-'));
const base = { DATA_DIR: dataDir };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('TRUST_PROXY takes a hop count or proxy addresses, never "trust everyone"', () => {
  expect(loadConfig(base).trustProxy).toBe(false);
  expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
    '10.0.0.0/8',
    '127.0.0.1',
  ]);
  expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/hop count/);
});

test('production needs a long JWT secret; elsewhere one is made and kept in the data folder', () => {
  expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  expect(() => loadConfig({ ...base, JWT_SECRET: 'short' })).toThrow(/32 characters/);
  const first = loadConfig(base).jwtSecret;
  expect(first.length).toBeGreaterThanOrEqual(32);
  expect(loadConfig(base).jwtSecret).toBe(first);
});

test('PGLITE_THREAD: the embedded database on its own thread unless switched off; a typo is refused', () => {
  expect(loadConfig(base).pgliteThread).toBe(true);
  expect(loadConfig({ ...base, PGLITE_THREAD: 'false' }).pgliteThread).toBe(false);
  expect(loadConfig({ ...base, PGLITE_THREAD: '1' }).pgliteThread).toBe(true);
  expect(() => loadConfig({ ...base, PGLITE_THREAD: 'off' })).toThrow(/PGLITE_THREAD/);
});

test('PGLITE_SHARED_BUFFERS: 32MB unless set; a size PostgreSQL cannot take is refused at start', () => {
  expect(loadConfig(base).pgliteSharedBuffers).toBe('32MB');
  expect(loadConfig({ ...base, PGLITE_SHARED_BUFFERS: '128MB' }).pgliteSharedBuffers).toBe('128MB');
  expect(loadConfig({ ...base, PGLITE_SHARED_BUFFERS: '512kB' }).pgliteSharedBuffers).toBe('512kB');
  for (const bad of ['32', '32mb', '64kB', '2GB', '0MB', '-1MB'])
    expect(() => loadConfig({ ...base, PGLITE_SHARED_BUFFERS: bad })).toThrow(/PGLITE_SHARED_BUFFERS/);
});

test('a bad PORT is refused at start', () => {
  expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(/PORT/);
});

test('wallets: credentials switch a wallet to the provider (test URLs outside production, live in it)', () => {
  const none = loadConfig(base);
  expect(none.esewa).toBeUndefined();
  expect(none.khalti).toBeUndefined();
  expect(none.publicUrl).toBe('http://localhost:8080');
  expect(none.payments).toEqual({
    reconcileAfterSeconds: 300,
    unpaidOrderTtlSeconds: 3600,
    reconcileIntervalSeconds: 60,
  });

  const uat = loadConfig({
    ...base,
    ESEWA_SECRET_KEY: '8gBm/:&EnhH.1/q',
    KHALTI_SECRET_KEY: 'test-key',
    PORT: '4361',
  });
  expect(uat.esewa).toEqual({
    productCode: 'EPAYTEST',
    secretKey: '8gBm/:&EnhH.1/q',
    formUrl: 'https://rc-epay.esewa.com.np/api/epay/main/v2/form',
    statusUrl: 'https://rc.esewa.com.np',
  });
  expect(uat.khalti).toEqual({ secretKey: 'test-key', baseUrl: 'https://dev.khalti.com/api/v2' });
  expect(uat.publicUrl).toBe('http://localhost:4361');

  const production = {
    ...base,
    NODE_ENV: 'production',
    JWT_SECRET: 'pR3v9Lq2ZtX8mWc4Hn7Jb1Ks6Fd0Ga5Ye2Uo9Ti4Rw',
  };
  expect(() => loadConfig({ ...production, ESEWA_SECRET_KEY: 's' })).toThrow(/ESEWA_PRODUCT_CODE/);
  expect(() => loadConfig({ ...production, KHALTI_SECRET_KEY: 'k' })).toThrow(/PUBLIC_URL/);
  const live = loadConfig({ ...production, KHALTI_SECRET_KEY: 'k', PUBLIC_URL: 'https://shop.example/' });
  expect(live.khalti?.baseUrl).toBe('https://khalti.com/api/v2');
  expect(live.publicUrl).toBe('https://shop.example');
  expect(
    loadConfig({ ...base, KHALTI_SECRET_KEY: 'k', KHALTI_BASE_URL: 'https://khalti.com/api/v2/' }).khalti
      ?.baseUrl,
  ).toBe('https://khalti.com/api/v2');
});

test("eSewa's status check resolves to the documented URLs: epay.esewa.com.np live, rc.esewa.com.np in UAT", () => {
  const payment = { reference: 'PSL-7-1-ABCD1234', amountPaisa: 123_450 };
  const uat = loadConfig({ ...base, ESEWA_SECRET_KEY: '8gBm/:&EnhH.1/q' }).esewa;
  const live = loadConfig({
    ...base,
    NODE_ENV: 'production',
    JWT_SECRET: 'pR3v9Lq2ZtX8mWc4Hn7Jb1Ks6Fd0Ga5Ye2Uo9Ti4Rw',
    PUBLIC_URL: 'https://shop.example',
    ESEWA_SECRET_KEY: 'merchant-secret',
    ESEWA_PRODUCT_CODE: 'PASAL01',
  }).esewa;
  if (!uat || !live) throw new Error('eSewa should be configured');
  expect(esewaStatusCheckUrl(uat, payment)).toBe(
    'https://rc.esewa.com.np/api/epay/transaction/status/?product_code=EPAYTEST&total_amount=1234.50&transaction_uuid=PSL-7-1-ABCD1234',
  );
  expect(esewaStatusCheckUrl(live, payment)).toBe(
    'https://epay.esewa.com.np/api/epay/transaction/status/?product_code=PASAL01&total_amount=1234.50&transaction_uuid=PSL-7-1-ABCD1234',
  );
  // An operator's ESEWA_STATUS_URL still wins (a trailing slash is dropped).
  const custom = loadConfig({
    ...base,
    ESEWA_SECRET_KEY: 's',
    ESEWA_STATUS_URL: 'https://status.example/',
  }).esewa;
  expect(custom && esewaStatusCheckUrl(custom, payment)).toMatch(
    /^https:\/\/status\.example\/api\/epay\/transaction\/status\/\?/,
  );
});

test('outbox retries: defaults, and the settings an operator may change', () => {
  expect(loadConfig(base).outbox).toEqual({
    sweepIntervalSeconds: 30,
    retryAfterSeconds: 60,
    maxAttempts: 10,
  });
  const tuned = loadConfig({
    ...base,
    OUTBOX_SWEEP_INTERVAL: '5',
    OUTBOX_RETRY_AFTER: '120',
    OUTBOX_MAX_ATTEMPTS: '3',
  });
  expect(tuned.outbox).toEqual({ sweepIntervalSeconds: 5, retryAfterSeconds: 120, maxAttempts: 3 });
  expect(() => loadConfig({ ...base, OUTBOX_MAX_ATTEMPTS: 'many' })).toThrow(/OUTBOX_MAX_ATTEMPTS/);
  expect(() => loadConfig({ ...base, OUTBOX_SWEEP_INTERVAL: '-1' })).toThrow(/OUTBOX_SWEEP_INTERVAL/);
});

test('the cap on open cash orders: 3 by default, 0 lifts it, anything else is refused', () => {
  expect(loadConfig(base).maxOpenCashOrders).toBe(3);
  expect(loadConfig({ ...base, MAX_OPEN_CASH_ORDERS: '0' }).maxOpenCashOrders).toBe(0);
  expect(loadConfig({ ...base, MAX_OPEN_CASH_ORDERS: '5' }).maxOpenCashOrders).toBe(5);
  expect(() => loadConfig({ ...base, MAX_OPEN_CASH_ORDERS: 'few' })).toThrow(/MAX_OPEN_CASH_ORDERS/);
  expect(() => loadConfig({ ...base, MAX_OPEN_CASH_ORDERS: '-1' })).toThrow(/MAX_OPEN_CASH_ORDERS/);
});

test('payment timings are whole seconds', () => {
  const config = loadConfig({
    ...base,
    PAYMENT_PENDING_RECONCILE_AFTER: '120',
    UNPAID_ONLINE_ORDER_TTL: '0',
  });
  expect(config.payments.reconcileAfterSeconds).toBe(120);
  expect(config.payments.unpaidOrderTtlSeconds).toBe(0);
  expect(() => loadConfig({ ...base, UNPAID_ONLINE_ORDER_TTL: '1h' })).toThrow(/UNPAID_ONLINE_ORDER_TTL/);
  expect(() => loadConfig({ ...base, OUTBOX_RETRY_AFTER: '1m' })).toThrow(/OUTBOX_RETRY_AFTER/);
  expect(() => loadConfig({ ...base, PUBLIC_URL: 'shop.example' })).toThrow(/PUBLIC_URL/);
});

test('production refuses a weak signing secret: short, a placeholder, or not random', () => {
  const production = { ...base, NODE_ENV: 'production' };
  for (const secret of [
    'change-me-to-a-long-random-secret-please',
    'test-secret-that-is-long-enough-for-hs256-signing',
    'your-secret-key-goes-here-0000000000000',
    'a'.repeat(64),
    '0123012301230123012301230123012301230123',
  ]) {
    expect(() => loadConfig({ ...production, JWT_SECRET: secret }), secret).toThrow(
      /too weak for production/,
    );
  }
  expect(() => loadConfig({ ...production, JWT_SECRET: 'short' })).toThrow(/32 characters/);
  const generated = 'pR3v9Lq2ZtX8mWc4Hn7Jb1Ks6Fd0Ga5Ye2Uo9Ti4Rw';
  expect(loadConfig({ ...production, JWT_SECRET: generated }).jwtSecret).toBe(generated);
  // Outside production a secret only needs its length (the test suites use a readable one).
  expect(() =>
    loadConfig({ ...base, JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' }),
  ).not.toThrow();
});

test('refusals are configuration errors with exit code 78', () => {
  try {
    loadConfig({ ...base, NODE_ENV: 'production' });
    expect.unreachable();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).exitCode).toBe(78);
  }
});

test('METRICS_TOKEN is optional, and refused when shorter than 32 characters', () => {
  expect(loadConfig(base).metricsToken).toBeUndefined();
  const token = 'm'.repeat(16) + 'n'.repeat(16);
  expect(loadConfig({ ...base, METRICS_TOKEN: token }).metricsToken).toBe(token);
  expect(() => loadConfig({ ...base, METRICS_TOKEN: 'too-short' })).toThrow(ConfigError);
});
