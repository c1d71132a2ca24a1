import { expect, test } from '@playwright/test';
import { createUser, loginInUi, otpFor, typeOtp } from './accounts-helpers';

test('forgot password: /otpverifys, /changepassword, then login with the new password', async ({
  page,
  request,
}) => {
  // A long flow (a 2.5 s hand-over, an e-mail OTP, two logins): room for a busy CI machine.
  test.slow();
  const user = await createUser(request, 'reset');
  const newPassword = 'Fresh#2024';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgetpassword$/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please enter your email.')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Account found. We will send an OTP to your email.')).toBeVisible();

  // 2.5 s later the OTP page opens and sends the code by e-mail.
  await expect(page).toHaveURL(/\/otpverifys$/);
  await expect(page.getByText(`${user.email.slice(0, 3)}...`)).toBeVisible();
  await expect(page.getByText('OTP sent successfully to your email')).toBeVisible();
  const otp = await otpFor(request, user.email, since);
  await typeOtp(page, otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP verified successfully')).toBeVisible();

  await expect(page).toHaveURL(/\/changepassword$/);
  await expect(page.getByText(user.email)).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('weakpass');
  await page.getByLabel('Confirm Password', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText(
      'Password must contain 8+ characters, uppercase, lowercase, number, and special character',
    ),
  ).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password successfully changed!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Phone number or email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid Credentials')).toBeVisible();
  await loginInUi(page, user.email, newPassword);
});

test('the reset page without a token says so and goes back to OTP verification', async ({ page }) => {
  await page.goto('/changepassword');
  await expect(page.getByText('Missing reset token. Redirecting to OTP verification...')).toBeVisible();
  await expect(page.getByText('Missing reset token. Please verify OTP again.')).toBeVisible();
  // /otpverifys has no e-mail either, so its own guard ends the trip on /signup.
  await expect(page).toHaveURL(/\/signup$/, { timeout: 8000 });
});
