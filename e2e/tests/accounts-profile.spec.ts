import { expect, test } from '@playwright/test';
import { createUser, loginInUi } from './accounts-helpers';

// A 1×1 PNG: enough for the server to decode and turn into a square WebP avatar.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('edit the profile and upload a picture', async ({ page, request }) => {
  const user = await createUser(request, 'profile');
  await loginInUi(page, user.email, user.password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: `${user.first} ${user.last}` })).toBeVisible();
  await expect(page.getByText(`@${user.email.split('@')[0]}`)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: user.phone })).toBeVisible();
  await expect(
    page.getByRole('img', { name: `Profile picture of ${user.first} ${user.last}` }),
  ).toHaveAttribute('src', /default-avatar|data:image\/svg/);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  // Exact labels: until the edit page has loaded, the profile page (its "Email verification"
  // section, its "Order updates by SMS and email" switch) can still be on screen.
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(user.phone);
  await page.getByLabel('First name').fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();

  await page.getByLabel('First name').fill('  Gita ');
  await page.getByLabel('Middle name (optional)').fill('Kumari');
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByLabel('Date of birth').fill('1995-01-05');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 2, name: `Gita Kumari ${user.last}` })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Jan 5, 1995' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Female' })).toBeVisible();

  // Client checks first: a text file never reaches the server.
  const picker = page.getByLabel('Change picture');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please select an image file')).toBeVisible();

  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Profile picture updated successfully')).toBeVisible();
  const avatar = page.getByRole('img', { name: `Profile picture of Gita Kumari ${user.last}` });
  await expect(avatar).toHaveAttribute('src', /\/media\/avatars\/.+\.webp$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
});

test('profile tabs follow the path and show their empty states', async ({ page }) => {
  await loginInUi(page, 'demo@example.com', 'Demo@1234');
  await page.goto('/profile/orders');
  const tabs = page.getByRole('navigation', { name: 'Profile sections' });
  await expect(tabs.getByRole('link', { name: 'Orders' })).toHaveClass(/active/);
  await expect(page.getByRole('button', { name: 'All Orders' })).toBeVisible();
  // The demo customer's orders are shared by the run's tests (the accessibility matrix gives it
  // some): each list shows its cards or its empty text. The texts themselves are unit-tested.
  const listOr = (empty: string) => page.getByText(empty).or(page.getByRole('article').first());
  await expect(listOr('No orders found.')).toBeVisible();
  await page.getByRole('button', { name: 'Delivered Products' }).click();
  await expect(listOr('No delivered products found.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancelled Orders' }).click();
  await expect(listOr('No cancelled orders found.')).toBeVisible();

  await tabs.getByRole('link', { name: 'Wishlist' }).click();
  await expect(page).toHaveURL(/\/profile\/wishlist$/);
  await expect(tabs.getByRole('link', { name: 'Wishlist' })).toHaveClass(/active/);
  // Shared like the orders (the accessibility matrix adds to it): its empty text or its items.
  await expect(
    page.getByText('Your wishlist is empty').or(page.getByRole('listitem').filter({ hasText: 'Rs' }).first()),
  ).toBeVisible();

  await tabs.getByRole('link', { name: 'Ratings' }).click();
  await expect(page.getByRole('heading', { name: 'Rate Your Products' })).toBeVisible();
  await expect(
    page
      .getByText(/^You have (not rated any products yet|rated every product delivered to you)/)
      .or(page.getByRole('button', { name: 'Submit Review' }).first()),
  ).toBeVisible();
});
