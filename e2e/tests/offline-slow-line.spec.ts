import { expect, test } from '@playwright/test';

// A new visitor on a slow line (400 kbps, 300 ms, DevTools throttling) sees the shop's shape (the
// header with the search box and grey rows where the products will be) within 2.5 s, not a blank
// page (decision 048).

test('the first paint on a 400 kbps, 300 ms line is the header, the search box and skeleton rows', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  await page.goto('/', { waitUntil: 'commit' });
  const shell = page.locator('.app-shell');
  await expect(shell.getByText('Search products')).toBeVisible({ timeout: 2_500 });
  await expect(page.locator('.app-shell-row').first()).toBeVisible({ timeout: 2_500 });
  // Timed by the browser from the navigation's start (the test runner's own delays left out).
  const firstPaint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
  );
  expect(firstPaint).toBeLessThan(2_500);
  // And the shop itself arrives in its place.
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible({ timeout: 30_000 });
});
