import { expect, test } from '@playwright/test';
import { loginInUi } from './accounts-helpers';
import { customerPlacesOrder, STAFF } from './admin-helpers';
import { DEMO } from './cart-helpers';

// The shop console's door and its orders screens (issue 11).
test.describe.configure({ timeout: 90_000 });

test('a visitor who opens /admin is sent to log in', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please log in with a staff account to use the shop console.')).toBeVisible();
});

test('a customer who opens /admin sees the not-allowed page, and the header has no console link', async ({
  page,
}) => {
  await loginInUi(page, DEMO.phone, DEMO.password);
  await expect(page.getByRole('link', { name: 'Console' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Not allowed', level: 1 })).toBeVisible();
  await expect(page.getByText('Only staff accounts can use the shop console.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
});

test('staff move a customer’s order to Delivered and the customer can rate what was delivered', async ({
  page,
  request,
}) => {
  const placed = await customerPlacesOrder(request, 'console-order');
  const headers = { Authorization: `Bearer ${placed.token}` };
  // Not delivered yet: nothing to rate.
  const before = await request.post(`/api/ecommerce/product/${placed.product.id}/review/`, {
    headers,
    data: { rating: 5, review: 'Fresh and on time' },
  });
  expect(before.status()).toBe(403);

  await loginInUi(page, STAFF.email, STAFF.password);
  await page.getByRole('link', { name: 'Console' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(String(placed.orderId));
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: new RegExp(`^#${placed.orderId} `) }).click();
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Order #${placed.orderId}`), level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name: placed.product.title })).toBeVisible();

  for (const status of ['Packed', 'Out for Delivery', 'Delivered']) {
    await page.getByRole('button', { name: `Mark as ${status}` }).click();
    // Delivered cannot be undone: the console asks first.
    if (status === 'Delivered')
      await page
        .getByRole('dialog', { name: `Mark order #${placed.orderId} as Delivered?` })
        .getByRole('button', { name: 'Mark as Delivered' })
        .click();
    await expect(page.getByText(`Order #${placed.orderId} is ${status}`)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History' }).getByText('Delivered')).toBeVisible();

  // The packing slip prints what goes in the bag.
  await page.getByRole('link', { name: 'Packing slip' }).click();
  await expect(page.getByRole('heading', { name: 'Pasal — packing slip' })).toBeVisible();
  await expect(page.getByRole('cell', { name: placed.product.title })).toBeVisible();

  // The customer may now rate it.
  const ratable = await request.get('/api/ecommerce/list/ratable/products/', { headers });
  const ratableIds = ((await ratable.json()) as { results: { id: number }[] }).results.map((p) => p.id);
  expect(ratableIds).toContain(placed.product.id);
  const review = await request.post(`/api/ecommerce/product/${placed.product.id}/review/`, {
    headers,
    data: { rating: 5, review: 'Fresh and on time' },
  });
  expect(review.status(), await review.text()).toBe(201);

  // Each move is in the audit log.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Record kind').selectOption('order');
  await page.getByLabel('Record id').fill(String(placed.orderId));
  await expect(page.getByText('order_status: Out for Delivery → Delivered')).toBeVisible();
});

test('staff cancel an order with a reason after confirming; the customer sees it cancelled', async ({
  page,
  request,
}) => {
  const placed = await customerPlacesOrder(request, 'console-cancel');
  await loginInUi(page, STAFF.email, STAFF.password);
  await page.goto(`/admin/orders/${placed.orderId}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${placed.orderId}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel order' })).toBeDisabled();
  await dialog.getByLabel('Reason (the customer sees it)').selectOption('Other (type the reason)');
  await dialog.getByLabel('Other reason (sent as typed)').fill('Out of stock at the station');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(`Order #${placed.orderId} cancelled`)).toBeVisible();
  const detail = await request.get(`/api/ecommerce/order/${placed.orderId}/`, {
    headers: { Authorization: `Bearer ${placed.token}` },
  });
  expect(((await detail.json()) as { order_status: string }).order_status).toBe('Cancelled');
});

test('a Khalti order paid then cancelled: staff refund it through Khalti and the customer sees Refunded', async ({
  page,
  request,
}) => {
  const placed = await customerPlacesOrder(request, 'console-refund', 'khalti');
  const headers = { Authorization: `Bearer ${placed.token}` };
  // The customer pays at the Khalti simulator, then cancels: the money is due back.
  const pidx = new URL(placed.next!.url).searchParams.get('pidx')!;
  const paid = await request.post('/dev/khalti/pay/', { form: { pidx, choice: 'pay' } });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  const cancelled = await request.post(`/api/ecommerce/order/cancel/${placed.orderId}/`, {
    headers,
    data: { reason: 'Ordered by mistake' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();

  await loginInUi(page, STAFF.email, STAFF.password);
  await page.goto(`/admin/orders/${placed.orderId}`);
  await expect(
    page.getByRole('region', { name: 'Payment' }).getByText('Refund due', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order #${placed.orderId}?` });
  await expect(dialog.getByText(/Khalti is asked to give Rs/)).toBeVisible();
  await dialog.getByRole('button', { name: /^Refund Rs/ }).click();
  await expect(page.getByText(`Order #${placed.orderId} refunded`)).toBeVisible();
  await expect(page.getByText(/^Refunded: Rs .* through Khalti on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);

  const list = await request.get('/api/ecommerce/order/list/', { headers });
  const mine = (
    (await list.json()) as { results: { id: number; payment_status: string; refunded_at: string }[] }
  ).results.find((o) => o.id === placed.orderId);
  expect(mine).toMatchObject({ payment_status: 'Refunded', refunded_at: expect.any(String) });
});

test('staff find a customer, disable the account after confirming and enable it again', async ({
  page,
  request,
}) => {
  const placed = await customerPlacesOrder(request, 'console-customer');
  await loginInUi(page, STAFF.email, STAFF.password);
  await page.goto('/admin/customers');
  await page.getByLabel('Search').fill(placed.customer.phone);
  await page.getByRole('button', { name: 'Search' }).click();
  // The list shows every customer until the search's answer replaces it.
  const found = page
    .getByRole('table')
    .getByRole('link', { name: `${placed.customer.first} ${placed.customer.last}` });
  await expect(found).toHaveCount(1);
  await found.click();
  await expect(page.getByRole('link', { name: new RegExp(`^#${placed.orderId} `) })).toBeVisible();

  await page.getByRole('button', { name: 'Disable account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable this account?' });
  await dialog.getByLabel('Reason (for the audit log, optional)').fill('Fake orders');
  await dialog.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByText('Account disabled; their sessions have ended')).toBeVisible();
  // Their session has ended.
  const refused = await request.get('/api/ecommerce/profile/', {
    headers: { Authorization: `Bearer ${placed.token}` },
  });
  expect(refused.status()).toBe(401);

  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Enable account' }).click();
  await page
    .getByRole('dialog', { name: 'Enable this account?' })
    .getByRole('button', { name: 'Enable account' })
    .click();
  await expect(page.getByText('Account enabled')).toBeVisible();
  const login = await request.post('/api/ecommerce/login/', {
    data: { phone_or_email: placed.customer.email, password: placed.customer.password },
  });
  expect(login.ok()).toBeTruthy();
});
