import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const port = process.env.E2E_PORT ?? '4310';
// A fresh data folder per run: the server migrates and seeds the demo data into an empty database.
const dataDir = resolve(here, `../.data-e2e-${port}`);
// Workers load this file again; they inherit the marker and must not delete the running server's data.
if (!process.env.PASAL_E2E_DATA_RESET) {
  rmSync(dataDir, { recursive: true, force: true });
  process.env.PASAL_E2E_DATA_RESET = '1';
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI runs the PostgreSQL and reliability suites beside e2e on the same two cores: a page there
  // may take several times as long as on a quiet machine, which a retry alone did not absorb.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /offline-.*\.spec\.ts/,
      // The storefront registers a service worker (decision 048). Here it is blocked: it would
      // answer for the network (the shell, cached catalogue answers) in tests that mock routes or
      // read the server's own documents. The offline project below is where it runs.
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' },
    },
    {
      name: 'offline',
      testMatch: /offline-.*\.spec\.ts/,
      // A service worker installs (and precaches the shell) during these tests.
      timeout: 90_000,
      use: { browserName: 'chromium', viewport: { width: 412, height: 860 }, serviceWorkers: 'allow' },
    },
  ],
  webServer: {
    command: 'node ../node_modules/tsx/dist/cli.mjs ../apps/api/src/server.ts',
    cwd: here,
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: port,
      DATA_DIR: dataDir,
      // E2E_WEB_DIST lets a run use its own build while another rebuilds apps/web/dist.
      WEB_DIST: process.env.E2E_WEB_DIST ?? resolve(here, '../apps/web/dist'),
      LOG_LEVEL: 'warn',
      // Customers made through the API helpers come from their own addresses (accounts-helpers.ts).
      TRUST_PROXY: '1',
    },
  },
});
