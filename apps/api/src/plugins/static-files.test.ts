import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

let t: TestApp;
let web: string;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'pasal-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await buildTestApp({ WEB_DIST: web });
});

afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

test('client routes get the storefront page, never cached', async () => {
  for (const path of ['/', '/detail/wai-wai-chicken-75g', '/profile/orders', '/search?query=dal']) {
    const res = await get(path);
    expect(res.statusCode, path).toBe(200);
    expect(res.headers['content-type'], path).toContain('text/html');
    expect(res.headers['cache-control'], path).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  }
});

test('hashed assets are cached for a year; files added after start are served too', async () => {
  const res = await get('/assets/app-1234.js');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toContain('immutable');
  writeFileSync(join(web, 'assets', 'app-5678.js'), 'console.log(2)');
  expect((await get('/assets/app-5678.js')).statusCode).toBe(200);
});

test('a missing file is a 404, not the HTML page', async () => {
  const res = await get('/assets/gone-0000.js');
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toContain('application/json');
});

test('unknown API and media paths stay JSON 404s', async () => {
  for (const path of ['/api/ecommerce/nope', '/api/unknown', '/media/products/none.webp']) {
    const res = await get(path);
    expect(res.statusCode, path).toBe(404);
    expect(res.json().message, path).toEqual(expect.any(String));
  }
});

test('JSON and scripts are compressed for clients that accept it; images are left alone', async () => {
  writeFileSync(join(web, 'assets', 'big-1111.js'), 'console.log("pasal");\n'.repeat(500));
  const script = await t.app.inject({
    method: 'GET',
    url: '/assets/big-1111.js',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(script.headers['content-encoding']).toBe('br');
  const json = await t.app.inject({
    method: 'GET',
    url: '/api/docs/json',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(json.headers['content-encoding']).toBe('gzip');
  const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.json().openapi).toBeDefined();
});

test("the build's precompressed files are sent as they are to clients that accept them", async () => {
  const script = 'console.log("precompressed");\n'.repeat(200);
  writeFileSync(join(web, 'assets', 'pre-2222.js'), script);
  // Not what the server would make itself: the test sees which one was sent.
  const prebuilt = brotliCompressSync(Buffer.from(script), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  });
  writeFileSync(join(web, 'assets', 'pre-2222.js.br'), prebuilt);
  const res = await t.app.inject({
    method: 'GET',
    url: '/assets/pre-2222.js',
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.headers['content-type']).toContain('javascript');
  expect(res.headers['cache-control']).toContain('immutable');
  expect(res.rawPayload.equals(prebuilt)).toBe(true);
  expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  // Without a .gz beside it, a gzip-only client gets the file compressed on the way.
  const gzip = await t.app.inject({
    method: 'GET',
    url: '/assets/pre-2222.js',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
});
