import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadConfig } from './config';

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
