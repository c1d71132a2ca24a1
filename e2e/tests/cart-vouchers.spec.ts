import { expect, test } from '@playwright/test';
import { createUser } from './accounts-helpers';
import { plainProducts } from './cart-helpers';
import { loginShopper, setCart, signInPage } from './checkout-helpers';

// Issue 24 (decision 055): the cart lists the demo's listed codes with what each saves on this
// cart, and "Apply the best" applies the biggest saving through the promo box.
test.use({ viewport: { width: 360, height: 780 } });
test.describe.configure({ timeout: 60_000 });

/** "Rs 65", "Rs 65.5", "Rs 1,234": the storefront's formatRs for amounts under a lakh. */
function rs(paisa: number): string {
  const whole = Math.floor(paisa / 100);
  const grouped =
    whole >= 1000 ? `${Math.floor(whole / 1000)},${String(whole % 1000).padStart(3, '0')}` : `${whole}`;
  const fraction = String(paisa % 100).padStart(2, '0');
  return `Rs ${grouped}${fraction === '00' ? '' : `.${fraction.replace(/0$/, '')}`}`;
}

test('the cart lists WELCOME10 and FLAT50 with their savings; "Apply the best" applies WELCOME10', async ({
  page,
  request,
}) => {
  const shopper = await loginShopper(request, await createUser(request, 'vouchers'));
  // A cart between Rs 600 and Rs 1,400: WELCOME10 (10 %, from Rs 500) saves more than FLAT50's Rs 50.
  const product = (await plainProducts(request)).find(
    (p) => p.selling_price >= 60 && p.selling_price <= 700 && p.total_available_quantity >= 10,
  );
  if (!product) throw new Error('no product between Rs 60 and Rs 700 with stock');
  const quantity = Math.ceil(600 / product.selling_price);
  await setCart(request, shopper, [[product, quantity]]);
  const totalPaisa = Math.round(product.selling_price * 100) * quantity;
  const welcome = Math.min(Math.floor((totalPaisa * 1000 + 5000) / 10000), 30_000);

  await signInPage(page, shopper);
  await page.goto('/cart');
  const codes = page.getByRole('region', { name: 'Promo codes you can use' });
  await expect(codes.getByRole('listitem')).toHaveCount(2);
  await expect(codes.getByRole('listitem').first()).toContainText('WELCOME10');
  await expect(codes.getByRole('listitem').first()).toContainText(`You save ${rs(welcome)}`);
  await expect(codes.getByRole('listitem').nth(1)).toContainText('FLAT50');
  await expect(codes.getByRole('listitem').nth(1)).toContainText('You save Rs 50');
  // Nothing at 360 px runs off the side.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await codes.getByRole('button', { name: `Apply the best: WELCOME10, save ${rs(welcome)}` }).click();
  await expect(page.getByText('Promo code applied successfully!')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Discount (WELCOME10)')).toBeVisible();
  await expect(summary.getByText(`−${rs(welcome)}`).last()).toBeVisible();
  await expect(summary.getByText(rs(totalPaisa - welcome), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove promo code WELCOME10' })).toBeFocused();
});
