import { type APIRequestContext, expect, test } from '@playwright/test';
import { createUser } from './accounts-helpers';
import { staffStorage } from './admin-helpers';

// Issue 24: "Notify me" on an out-of-stock product, told once by SMS when staff restock it.

test.use({ viewport: { width: 360, height: 780 } });

const ADMIN = '/api/admin';

/** A product of its own, out of stock, made through the console's API (no other spec touches it). */
async function soldOutProduct(request: APIRequestContext, staffToken: string) {
  const headers = { Authorization: `Bearer ${staffToken}` };
  const list = await request.get(`${ADMIN}/products/`, { headers });
  expect(list.ok(), `product list: ${list.status()}`).toBeTruthy();
  const [any] = ((await list.json()) as { results: { category_id: number }[] }).results;
  const title = `Notify Tea ${Date.now()}`;
  const created = await request.post(`${ADMIN}/products/`, {
    headers,
    data: { title, category: any.category_id, marked_price: 250, selling_price: 250, stock: 0 },
  });
  expect(created.ok(), `create product: ${created.status()} ${await created.text()}`).toBeTruthy();
  const { product } = (await created.json()) as { product: { id: number; slug: string } };
  return { ...product, title };
}

test('ask on an out-of-stock product, get one SMS when staff restock it, and the alert ends', async ({
  page,
  request,
  context,
}) => {
  const staff = await staffStorage(request);
  const tea = await soldOutProduct(request, staff.access);
  const customer = await createUser(request, 'notify');

  // A visitor is sent to log in and comes back to the product.
  await page.goto(`/detail/${tea.slug}`);
  // The page's own (a recommended card may be out of stock too, after it).
  await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Log in to be told when it is back' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Phone number or email').fill(customer.phone);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/detail/${tea.slug}$`));

  await expect(page.getByRole('radio', { name: 'SMS' })).toBeChecked();
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByText("We'll send you an SMS once when it is back in stock.")).toBeVisible();

  await page.goto('/profile/alerts');
  await expect(page.getByRole('heading', { name: 'My stock alerts' })).toBeVisible();
  await expect(page.getByRole('link', { name: tea.title })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${tea.title}` })).toBeVisible();

  // Staff restock it: a stock adjustment through the console's API.
  const restock = await request.post(`${ADMIN}/products/${tea.id}/stock-adjustments/`, {
    headers: { Authorization: `Bearer ${staff.access}` },
    data: { delta: 6, reason: 'Delivery from the wholesaler' },
  });
  expect(restock.status()).toBe(201);

  // The message, as a developer reads it on the dev outbox.
  const outbox = await context.newPage();
  await outbox.goto(`/dev/outbox?to=${customer.phone}`);
  const notices = outbox.getByRole('row').filter({ hasText: `Pasal: ${tea.title} is back in stock.` });
  await expect(notices).toHaveCount(1);
  await expect(notices.getByRole('cell', { name: 'SMS', exact: true })).toBeVisible();
  await outbox.close();

  // Told once: the alert has ended.
  await page.reload();
  await expect(
    page.getByText('You have no stock alerts. Out-of-stock products have a "Notify me" button.'),
  ).toBeVisible();
  // In stock again (public catalogue answers may be cached for a few seconds): no "Notify me".
  await expect(async () => {
    await page.goto(`/detail/${tea.slug}`);
    await expect(page.getByText('In Stock', { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('button', { name: 'Notify me' })).toHaveCount(0);
});
