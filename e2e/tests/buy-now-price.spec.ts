import { expect, type Page, test } from '@playwright/test';
import { STAFF } from './admin-helpers';
import { apiLogin } from './cart-helpers';
import { newShopper, signIn, someProducts } from './orders-helpers';

// A flash sale that ends while the product page is open (decision 089): Buy now carries the price
// the page showed; the checkout sends it, the server refuses a price that is no longer today's, the
// page shows today's, and the order placed next charges exactly what the summary said.

test.describe.configure({ timeout: 120_000 });

const summaryOf = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
const amount = (page: Page, label: string) =>
  summaryOf(page).getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
const rupees = (value: number) =>
  `Rs ${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a flash sale that ended while the product page was open is never charged unseen', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request, 'buynow-price');
  const [product] = await someProducts(request, 40, 1);
  const staff = await apiLogin(request, STAFF.email, STAFF.password);
  const salePrice = Math.floor(product.selling_price * 0.7);
  const endsAt = new Date(Date.now() + 12_000);
  const sale = await request.post('/api/admin/flash-sales/', {
    headers: { Authorization: `Bearer ${staff}` },
    data: {
      product: product.id,
      sale_price: salePrice,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: endsAt.toISOString(),
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);

  await signIn(page, shopper);
  // Past the catalogue cache's freshness bound (3 s), so the page is read with the sale running.
  await page.waitForTimeout(3_500);
  await page.goto(`/detail/${product.slug}`);
  await expect(page.getByRole('button', { name: 'Buy now' })).toBeVisible();

  // The sale ends while the shopper looks at the page; Buy now still carries the sale price.
  await page.waitForTimeout(Math.max(0, endsAt.getTime() - Date.now()) + 1_500);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout\?buy=now$/);
  await expect(amount(page, 'Subtotal')).toHaveText(rupees(salePrice));
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(
    page.getByText(
      'A price in your order has changed since you saw it. Please check the new total and place the order again.',
    ),
  ).toBeVisible();
  await expect(amount(page, 'Subtotal')).toHaveText(rupees(product.selling_price));
  const shownTotal = (await amount(page, 'Total').textContent())?.trim();

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('dialog', { name: 'Order placed successfully!' })).toBeVisible();
  const list = await request.get('/api/ecommerce/order/list/', {
    headers: { Authorization: `Bearer ${shopper.token}` },
  });
  const placed = ((await list.json()) as { results: { subtotal: number; total: number }[] }).results[0];
  expect({ subtotal: placed.subtotal, total: shownTotal }).toEqual({
    subtotal: product.selling_price,
    total: rupees(placed.total),
  });
});
