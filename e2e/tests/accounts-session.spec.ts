import { expect, test } from '@playwright/test';
import { createUser, loginInUi, readAuth, writeAuth } from './accounts-helpers';

test('an expired access token is refreshed silently', async ({ page, request }) => {
  const user = await createUser(request, 'refresh');
  await loginInUi(page, user.email, user.password);
  const before = await readAuth(page);
  expect(before.access).toBeTruthy();

  await writeAuth(page, { access: 'expired.garbage.token' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: `${user.first} ${user.last}` })).toBeVisible();
  await expect(page.getByText('Session expired. Please login again.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);

  // The client stored the new pair: a fresh access token and the rotated refresh token.
  await expect.poll(async () => (await readAuth(page)).access).not.toBe('expired.garbage.token');
  const after = await readAuth(page);
  expect(after.refresh).not.toBe(before.refresh);
});

test('a revoked refresh token ends the session on /login', async ({ page, request }) => {
  const user = await createUser(request, 'revoked');
  await loginInUi(page, user.email, user.password);
  const { refresh } = await readAuth(page);
  const res = await request.post('/api/ecommerce/logout/', { data: { refresh } });
  expect(res.ok()).toBeTruthy();

  await writeAuth(page, { access: 'expired.garbage.token' });
  await page.goto('/profile');
  await expect(page.getByText('Session expired. Please login again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Sign In / Account' })).toBeVisible();
  expect((await readAuth(page)).access).toBeFalsy();
});

test('logout clears the session and goes home', async ({ page }) => {
  await loginInUi(page, 'demo@example.com', 'Demo@1234');
  await page.getByRole('button', { name: 'Logout / Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In / Account' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});
