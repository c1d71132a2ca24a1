import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { type ServerProcess, startServer } from '../../apps/api/src/test/server-process';

// The storefront as a production deployment serves it: strict security headers, and a Content
// Security Policy that the pages never violate (no inline script, nothing from elsewhere).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
let server: ServerProcess;
let dataDir: string;

test.describe.configure({ mode: 'serial', timeout: 300_000 });
// The service worker runs here as in production (the other specs block it, whose stub logs a
// warning): it, too, must pass the CSP with no console error (decision 048).
test.use({ serviceWorkers: 'allow' });

test.beforeAll(async () => {
  // A first start seeds the whole demo catalogue and draws its pictures.
  test.setTimeout(300_000);
  dataDir = mkdtempSync(join(tmpdir(), 'pasal-production-'));
  server = await startServer({
    dataDir,
    readyTimeoutMs: 280_000,
    env: {
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'true',
      WEB_DIST: process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist'),
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every CSP violation and every console error or warning of the page, across navigations. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => problems.push(`violation: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (t: string) => void }).reportViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test('the storefront passes the production CSP with no violation and no console error', async ({
  page,
  request,
}) => {
  const problems = await watch(page);
  const products = await (await request.get(`${server.url}/api/ecommerce/products?q=rice`)).json();
  const slug: string = products.results[0].slug;

  const home = await page.goto(`${server.url}/`);
  const headers = home?.headers() ?? {};
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toContain('camera=()');
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
  await expect(page.locator('img').first()).toBeVisible();
  // The service worker is looked for afresh on each visit, and it runs under the same policy.
  const worker = await request.get(`${server.url}/sw.js`);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });

  await page.goto(`${server.url}/detail/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: 'Search products' }).fill('rice');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(/\d+ products found/)).toBeVisible();

  await page.goto(`${server.url}/login`);
  await page.getByLabel('Phone number or email').fill('9800000009');
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // The refusal is shown in a toast (inline styles, allowed by the policy).
  await expect(page.getByRole('alert').first()).toBeVisible();

  // A wrong password answers 401, which the browser reports as a failed resource: expected here.
  const unexpected = problems.filter(
    (p) => !/Failed to load resource: the server responded with a status of 401/.test(p),
  );
  expect(unexpected).toEqual([]);
});

test('the dev outbox does not exist in production', async ({ request }) => {
  expect((await request.get(`${server.url}/api/dev/outbox?to=9800000001`)).status()).toBe(404);
});
