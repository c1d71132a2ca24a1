import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { loginInUi } from './accounts-helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3)})`);
}

const publicPages = [
  { path: '/login', ready: 'Login' },
  { path: '/signup', ready: 'Create your account' },
  { path: '/phonesignup', ready: 'Sign up with your phone' },
  { path: '/forgetpassword', ready: 'Forgot password' },
  { path: '/dev/outbox?to=9800000001', ready: 'Message outbox' },
];

test('account screens have no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(90_000);
  for (const p of publicPages) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.ready })).toBeVisible();
    expect(await seriousViolations(page), p.path).toEqual([]);
  }
  await loginInUi(page, 'demo@example.com', 'Demo@1234');
  await page.goto('/profile/orders');
  await expect(page.getByText('No orders found.')).toBeVisible();
  expect(await seriousViolations(page), '/profile/orders').toEqual([]);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('First name')).toBeVisible();
  expect(await seriousViolations(page), '/edit-profile').toEqual([]);
});

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
  await expect(page.getByText('No cancelled orders found.')).toBeVisible();
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
