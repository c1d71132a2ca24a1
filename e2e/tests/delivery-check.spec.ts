import { expect, test } from '@playwright/test';
import { chooseServedPlace } from './a11y-screens';

// Issue 24: a visitor on a phone checks whether Pasal delivers to their local level before shopping.
test.use({ viewport: { width: 360, height: 780 } });

test('a visitor finds from the footer whether Pasal delivers to their local level, then starts shopping', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Do we deliver to you?' }).click();
  await expect(page).toHaveURL(/\/delivery-check$/);
  await expect(page.getByRole('heading', { name: 'Do we deliver to you?', level: 1 })).toBeVisible();

  // A local level the seed's stations do not reach says so.
  await page.getByLabel('Province', { exact: true }).selectOption({ label: 'Karnali Province' });
  const district = page.getByLabel('District', { exact: true });
  await expect(district.getByRole('option', { name: 'Humla' })).toBeAttached();
  await district.selectOption({ label: 'Humla' });
  const local = page.getByLabel('Municipality', { exact: true });
  await expect(local.getByRole('option', { name: 'Simkot' })).toBeAttached();
  await local.selectOption({ label: 'Simkot' });
  await expect(page.getByText('No service stations available for this location.')).toBeVisible();

  await chooseServedPlace(page);
  await expect(page.getByText(/^Yes, we deliver to Kathmandu, from .+ \([\d.]+ km away\)\.$/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('link', { name: 'Start shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
});
