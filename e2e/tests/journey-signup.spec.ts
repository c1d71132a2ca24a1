import { expect, test } from '@playwright/test';
import { otpFor, PASSWORD, typeOtp, uniquePhone } from './accounts-helpers';

// Phone sign-up on a phone (issue 24, decision 047): the name is asked, a reload of the OTP or
// password step carries on, and setting the password logs the shopper in.
test.use({ viewport: { width: 360, height: 780 } });

test('phone sign-up asks the name, survives reloads and ends logged in', async ({ page, request }) => {
  test.setTimeout(60_000);
  const phone = uniquePhone();
  await page.goto('/phonesignup');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Gita2');
  await page.getByLabel('Last name').fill('Karki');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('First name must contain only letters')).toBeVisible();
  await page.getByLabel('First name').fill('Gita');
  const since = Date.now();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/otpcheck$/);

  // A reload of the OTP step carries on.
  await page.reload();
  await expect(page).toHaveURL(/\/otpcheck$/);
  await expect(page.getByText(`******${phone.slice(-4)}`)).toBeVisible();
  await expect(page.getByText('Phone number not found. Please sign up first.')).toHaveCount(0);

  await typeOtp(page, await otpFor(request, phone, since));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page).toHaveURL(/\/setpass$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password set successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout / Account' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Gita Karki')).toBeVisible();
});
