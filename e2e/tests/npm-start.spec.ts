import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// `npm start` on an empty data folder: migrates, seeds, and serves API, media and storefront.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Next to the e2e server's port, so that runs of several checkouts side by side do not collide.
const port = Number(process.env.SMOKE_PORT ?? Number(process.env.E2E_PORT ?? 4310) + 80);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess;
let dataDir: string;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  // A first start may build the storefront and draw every demo image.
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'pasal-smoke-'));
  server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const deadline = Date.now() + 200_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('npm start did not become healthy');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('serves health, the demo catalogue, its images and the storefront', async ({ request }) => {
  // Liveness answers without the database; readiness asks it (decision 051).
  const health = await request.get(`${base}/api/health`);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await request.get(`${base}/api/health/ready`);
  expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' });

  const home = await request.get(`${base}/api/ecommerce/home/data/`);
  expect(home.ok()).toBe(true);
  const { data } = await home.json();
  expect(data.categories.length).toBeGreaterThanOrEqual(8);
  const product = data.categories[0].products[0];
  expect(product.nepali_title).toMatch(/[\u0900-\u097F]/);

  const image = await request.get(`${base}${product.image}`);
  expect(image.ok()).toBe(true);
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(image.headers()['cache-control']).toContain('immutable');

  for (const path of ['/', '/detail/anything', '/profile/orders']) {
    const page = await request.get(`${base}${path}`);
    expect(page.ok(), path).toBe(true);
    expect(page.headers()['content-type']).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
  }
});
