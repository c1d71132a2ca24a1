import { expect, test } from '@playwright/test';
import { customerPlacesOrder, openConsoleAsStaff, staffStorage } from './admin-helpers';

const RIDER = { email: 'rider@example.com', password: 'Rider@1234' };

// A rider's day at 360 px: staff assign a packed order in the console, the demo rider takes it out
// and delivers it with the cash, and staff close the rider's day in the console.
test.use({ viewport: { width: 360, height: 780 } });

test('assigned in the console → out for delivery → delivered with cash → the day closed', async ({
  page,
  browser,
  request,
}) => {
  const placed = await customerPlacesOrder(request, 'riderday');
  const staff = await staffStorage(request);
  const packed = await request.post(`/api/admin/orders/${placed.orderId}/status/`, {
    headers: { Authorization: `Bearer ${staff.access}` },
    data: { status: 'Packed', from: 'Order Processing' },
  });
  expect(packed.ok(), await packed.text()).toBeTruthy();

  await openConsoleAsStaff(page, request, `/admin/orders/${placed.orderId}`);
  const riders = page.getByLabel('Rider', { exact: true });
  const demoRider = riders.getByRole('option', { name: /^Demo Rider/ });
  await expect(demoRider).toBeAttached();
  await riders.selectOption((await demoRider.getAttribute('value')) ?? '');
  await page.getByRole('button', { name: 'Assign rider' }).click();
  await expect(page.getByText('Rider: Demo Rider')).toBeVisible();

  // The rider, on their phone.
  const login = await request.post('/api/ecommerce/login/', {
    data: { phone_or_email: RIDER.email, password: RIDER.password },
  });
  const body = (await login.json()) as { access_token: string; refresh_token: string; user_id: string };
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const riderPage = await phone.newPage();
  await riderPage.addInitScript(
    (value) => {
      localStorage.setItem(
        'persist:pasal',
        JSON.stringify({ auth: value, _persist: JSON.stringify({ version: 2, rehydrated: true }) }),
      );
    },
    JSON.stringify({
      access: body.access_token,
      refresh: body.refresh_token,
      user_id: String(body.user_id),
      isAuthenticated: true,
    }),
  );
  await riderPage.goto('/rider');
  const name = `${placed.customer.first} ${placed.customer.last}`;
  const card = riderPage.getByRole('article', { name: new RegExp(name) });
  await expect(card.getByText(/^Collect Rs/)).toBeVisible();
  await expect(card.getByRole('link', { name: /^Call/ })).toHaveAttribute(
    'href',
    `tel:${placed.customer.phone}`,
  );
  await expect(card.getByRole('link', { name: 'Map' })).toHaveAttribute('href', /google\.com\/maps\/search/);
  await card.getByRole('button', { name: 'Out for delivery' }).click();
  await card.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(card.getByLabel('Cash collected (Rs)')).not.toHaveValue('');
  await card.getByRole('button', { name: 'Confirm delivered' }).click();
  await expect(card.getByText(/^Collected Rs/)).toBeVisible();
  await phone.close();

  // Back in the console: the rider's cash, and the day closed.
  await page.goto('/admin/rider-cash');
  const rider = page.getByRole('region', { name: /Demo Rider/ });
  await rider.getByRole('button', { name: /Close Demo Rider’s day/ }).click();
  await expect(rider.getByText(/^Closed /)).toBeVisible();
});
