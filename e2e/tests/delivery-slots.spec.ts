import { expect, test } from '@playwright/test';
import { createUser, loginInUi } from './accounts-helpers';
import { plainProducts } from './cart-helpers';
import { ensureAddress, loginShopper, setCart } from './checkout-helpers';

// Issue 26, delivery slots: the customer chooses a slot at checkout (the demo stations offer
// 9–12, 12–3 and 3–6) and finds it on the confirmation and on the order's page.
test.describe.configure({ timeout: 90_000 });

test('a customer chooses tomorrow’s afternoon slot at checkout and sees it on the order page', async ({
  page,
  request,
}) => {
  const shopper = await loginShopper(request, await createUser(request, 'slots'));
  await ensureAddress(request, shopper);
  const [product] = (await plainProducts(request)).filter((p) => p.total_available_quantity > 2);
  await setCart(request, shopper, [[product, 1]]);
  await loginInUi(page, shopper.phone, shopper.password);
  await page.goto('/checkout');

  const slots = page.getByRole('group', { name: 'Delivery Slot' });
  const tomorrow = slots.getByRole('group', { name: /^Tomorrow, / });
  const afternoon = tomorrow.getByRole('radio', { name: '15:00–18:00' });
  await expect(afternoon).toBeEnabled();
  // The earliest open slot is chosen at first; the customer picks another.
  await expect(slots.getByRole('radio', { checked: true })).toHaveCount(1);
  await afternoon.check();
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  const success = page.getByRole('dialog', { name: 'Order placed successfully!' });
  await expect(success).toBeVisible();
  await expect(success.getByText(/15:00–18:00$/)).toBeVisible();
  await success.getByRole('link', { name: 'Order details' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByText(/Delivery Slot: .*15:00–18:00/)).toBeVisible();
});
