import { expect, test } from '@playwright/test';
import { createUser } from './accounts-helpers';
import { plainProducts } from './cart-helpers';
import { ensureAddress, loginShopper, signInPage } from './checkout-helpers';

// Issue 23: the whole path in Nepali. The shopper switches to Nepali, the choice outlives a
// reload, and browsing, the cart, the checkout and the order (with its Bikram Sambat day) all
// speak Nepali; switching back brings English (the AD day first, the BS day beside it).
test.describe.configure({ timeout: 120_000 });

test('a shopper switches to Nepali, shops, checks out, reads the order with a BS day, and switches back', async ({
  page,
  request,
}) => {
  const shopper = await loginShopper(request, await createUser(request, 'nepali'));
  const address = await ensureAddress(request, shopper);
  // The places are named in Nepali on every page that shows the address.
  const nepaliPlace = `${address.municipality_ne}, ${address.district_ne}`;
  expect(address.municipality_ne).toMatch(/[\u0900-\u097F]/);
  const [product] = (await plainProducts(request)).filter((p) => p.total_available_quantity > 3);
  await signInPage(page, shopper);

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const languages = page.getByRole('group', { name: 'Language' });
  await languages.getByRole('button', { name: 'नेपाली' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await expect(page.getByRole('heading', { name: 'आजको विशेष' })).toBeVisible();

  // Remembered on the device: a reload opens in Nepali.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await expect(
    page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'नेपाली' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'कार्ट, ० सामान' })).toBeVisible();

  // Browse to a product and add it.
  await page.goto(`/detail/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^रु [०-९,.]+$/).first()).toBeVisible();
  // The product's own button comes first (the related products' cards have theirs).
  await page.getByRole('button', { name: 'कार्टमा हाल्नुहोस्', exact: true }).first().click();
  await expect(page.getByText('सामान कार्टमा थपियो!').first()).toBeVisible();
  await page.getByRole('link', { name: 'कार्ट, १ सामान' }).click();
  await expect(page.getByRole('heading', { name: 'किनमेल कार्ट' })).toBeVisible();

  // Check out with cash.
  await page.getByRole('link', { name: 'चेकआउटमा जानुहोस् →' }).click();
  await expect(page.getByRole('heading', { name: 'चेकआउट', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'सामान आएपछि नगद भुक्तानी' })).toBeChecked();
  await expect(page.getByText(nepaliPlace, { exact: false }).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'म नियम र सर्तहरू स्वीकार गर्छु' }).check();
  await page.getByRole('button', { name: 'अर्डर गर्नुहोस्' }).click();
  const success = page.getByRole('dialog', { name: 'अर्डर सफलतापूर्वक भयो!' });
  await expect(success).toBeVisible();
  await expect(success.getByText(/^रु [०-९,]+\.[०-९]{2}$/)).toBeVisible();
  await success.getByRole('button', { name: 'अर्डरहरू हेर्नुहोस्' }).click();

  // The order, dated in Bikram Sambat.
  await expect(page.getByRole('heading', { name: 'मेरा अर्डरहरू' })).toBeVisible();
  const card = page.getByRole('article').first();
  await expect(card.getByText('अर्डर प्रक्रियामा')).toBeVisible();
  await expect(card.getByText(/^२०[०-९]{2} [^\s०-९]+ [०-९]{1,2}$/)).toBeVisible();
  await card.getByRole('link', { name: /^अर्डरको विवरण/ }).click();
  await expect(page.getByText(nepaliPlace, { exact: false }).first()).toBeVisible();
  await page.goBack();

  // And back to English.
  await page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(card.getByText(/^\(20\d{2} \w+ \d{1,2} BS\)$/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
});
