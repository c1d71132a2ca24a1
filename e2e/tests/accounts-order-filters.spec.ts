import { expect, test } from '@playwright/test';
import { loginInUi } from './accounts-helpers';

test('on a phone the order filters are a dropdown that closes on an outside click', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginInUi(page, 'demo@example.com', 'Demo@1234');
  await page.goto('/profile/orders');
  const toggle = page.getByRole('button', { name: /^Order filter/ });
  await expect(toggle).toHaveText('All Orders');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Order filters' })).toBeHidden();
  await page.locator('#order-filter-menu').getByRole('button', { name: 'Cancelled Orders' }).click();
  // The demo customer's orders are shared by the run's tests: the list or its empty text.
  await expect(
    page.getByText('No cancelled orders found.').or(page.getByRole('article').first()),
  ).toBeVisible();
  await expect(toggle).toHaveText('Cancelled Orders');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.locator('#order-filter-menu')).toBeVisible();
  await page.getByRole('heading', { name: 'My Orders' }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#order-filter-menu')).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
