import { expect, test } from '@playwright/test';
import { controlledByWorker } from './offline-helpers';

// The shop installs as an app (decision 048): its manifest, icons and a service worker that
// controls the page.

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

test('the manifest names the shop, its icons load, and a service worker controls the page', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href!);
  expect(res.ok()).toBeTruthy();
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Pasal',
    short_name: 'Pasal',
    start_url: '/',
    display: 'standalone',
    theme_color: '#198754',
    background_color: '#ffffff',
  });
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
    ['Cart', '/cart'],
    ['Orders', '/profile/orders'],
  ]);
  const icons = manifest.icons as { src: string; sizes: string; purpose: string; type: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of icons) {
    const file = await request.get(icon.src);
    expect(file.ok(), icon.src).toBeTruthy();
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body()).join('x')).toBe(icon.sizes);
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#198754');

  await controlledByWorker(page);
  const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(worker).toMatch(/\/sw\.js$/);
  // Looked for afresh on every visit: never cached for long.
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBeTruthy();
  expect(sw.headers()['content-type']).toContain('javascript');
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('the install offer waits for a second visit, and is not made on the first load', async ({ page }) => {
  await page.goto('/');
  await controlledByWorker(page);
  // The browser's beforeinstallprompt, as Chromium sends it when the shop may be installed.
  const offer = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, { prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
      window.dispatchEvent(event);
    });
  await offer();
  await expect(page.getByRole('region', { name: 'Install Pasal' })).toHaveCount(0);

  // A second visit (a new browser session: the tab's reloads are the same visit).
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await controlledByWorker(page);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('pasal-visits')), { timeout: 30_000 })
    .toBe('2');
  await offer();
  const install = page.getByRole('region', { name: 'Install Pasal' });
  await expect(install.getByRole('button', { name: 'Install' })).toBeVisible();
  await install.getByRole('button', { name: 'Not now' }).click();
  await expect(install).toHaveCount(0);
});
