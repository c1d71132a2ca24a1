import { expect, test } from '@playwright/test';
import { loginInUi, otpFor, PASSWORD, typeOtp, uniqueEmail, uniquePhone } from './accounts-helpers';

test('phone sign-up: OTP from /dev/outbox, set password, login, profile shows the user', async ({
  page,
  context,
}) => {
  // The whole journey, with its timed hand-overs and the loads after login, runs close to 30 s on
  // a busy machine.
  test.setTimeout(60_000);
  const phone = uniquePhone();
  await page.goto('/phonesignup');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please enter your phone number.')).toBeVisible();
  await page.getByLabel('Phone number').fill('980000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Phone number should not be less than 10 digits.')).toBeVisible();

  // The name is asked too (decision 047).
  await page.getByLabel('First name').fill('Sita');
  await page.getByLabel('Last name').fill('Sharma');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/otpcheck$/);
  await expect(page.getByText('OTP sent successfully to your phone')).toBeVisible();
  await expect(page.getByText(`******${phone.slice(-4)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();

  // The code as a developer reads it: on the /dev/outbox page.
  const outbox = await context.newPage();
  await outbox.goto(`/dev/outbox?to=${phone}`);
  await expect(outbox.getByRole('cell', { name: phone })).toBeVisible();
  const otp = (await outbox.getByTestId('outbox-otp').first().textContent())?.trim() ?? '';
  expect(otp).toMatch(/^\d{6}$/);
  await outbox.close();

  await typeOtp(page, otp);
  await expect(page.getByLabel('Digit 6 of 6')).toHaveValue(otp[5]);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP verified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/setpass$/);
  // Opened again in this tab without navigation state (a reload, a pasted address), the page still
  // has the token its OTP verification returned (decision 034).
  await page.goto('/setpass');
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill('Other@123');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password set successfully!')).toBeVisible();
  // Logged in by the answer (decision 047): home, not /login.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout / Account' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Sita Sharma')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: phone })).toBeVisible();
  await expect(page.getByText(`@${phone}`)).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Profile sections' });
  await expect(tabs.getByRole('link', { name: 'Orders' })).toHaveClass(/active/);
  await expect(page.getByText('No orders found.')).toBeVisible();
});

test('e-mail sign-up: /otpverify with a pasted code, then login by e-mail', async ({ page, request }) => {
  const phone = uniquePhone();
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('First name is required')).toBeVisible();

  await page.getByLabel('First name').fill('Ram');
  await page.getByLabel('Last name').fill('Thapa');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/otpverify$/);
  await expect(page.getByText(`******${phone.slice(-4)}`)).toBeVisible();
  // The code is sent on arrival and the countdown starts.
  await expect(page.getByText('OTP sent successfully to your phone')).toBeVisible();
  await expect(page.getByText(/Resend OTP in \d+s/)).toBeVisible();

  const otp = await otpFor(request, phone, since);
  await page.getByLabel('Digit 1 of 6').evaluate((box, code) => {
    const data = new DataTransfer();
    data.setData('text', code);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, otp);
  for (let i = 0; i < 6; i++) await expect(page.getByLabel(`Digit ${i + 1} of 6`)).toHaveValue(otp[i]);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP verified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await loginInUi(page, email, PASSWORD);
  await expect(page.getByRole('button', { name: 'Logout / Account' })).toBeVisible();
});

test('e-mail sign-up replaced by another with the same phone: /otpverify says so', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Ram');
  await page.getByLabel('Last name').fill('Thapa');
  await page.getByLabel('Email').fill(uniqueEmail('first'));
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/otpverify$/);
  await expect(page.getByText('OTP sent successfully to your phone')).toBeVisible();

  // Someone else signs up with the same phone (from another network).
  const other = await request.post('/api/ecommerce/signup/', {
    data: {
      email: uniqueEmail('second'),
      phone,
      password: 'other1',
      confirm_password: 'other1',
      first_name: 'Hari',
      last_name: 'Thapa',
    },
    headers: { 'x-forwarded-for': '10.250.0.1' },
  });
  expect(other.status()).toBe(201);

  await typeOtp(page, '123456');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(
    page.getByText(
      'This sign-up was replaced by a newer one for the same phone number or e-mail. Please sign up again.',
    ),
  ).toBeVisible();
});

test('OTP pages without navigation state send the user back to sign up', async ({ page }) => {
  await page.goto('/otpverify');
  await expect(page.getByText('Phone number not found. Please sign up first.')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await page.goto('/setpass');
  await expect(page.getByText('Phone number not found. Please verify OTP first.')).toBeVisible();
  await expect(page).toHaveURL(/\/phonesignup$/);
});
