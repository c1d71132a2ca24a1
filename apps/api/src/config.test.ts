import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

test('a bad PORT is refused at start', () => {
  expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(/PORT/);
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
