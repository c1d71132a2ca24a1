import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { createUser } from './accounts-helpers';
import {
  customerPlacesOrder,
  openConsoleAsStaff,
  orderForDemoRider,
  RIDER,
  staffStorage,
} from './admin-helpers';

/** A rider (the demo rider unless told) signed in on a 360 px phone, in English or Nepali (the storefront's switch). */
async function riderPhone(
  browser: Browser,
  request: APIRequestContext,
  language: 'en' | 'ne' = 'en',
  who: { login: string; password: string } = { login: RIDER.email, password: RIDER.password },
) {
  const login = await request.post('/api/ecommerce/login/', {
    data: { phone_or_email: who.login, password: who.password },
  });
  const body = (await login.json()) as { access_token: string; refresh_token: string; user_id: string };
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const riderPage = await phone.newPage();
  await riderPage.addInitScript(
    ([value, chosen]) => {
      localStorage.setItem(
        'persist:pasal',
        JSON.stringify({ auth: value, _persist: JSON.stringify({ version: 2, rehydrated: true }) }),
      );
      localStorage.setItem('pasal-language', chosen);
    },
    [
      JSON.stringify({
        access: body.access_token,
        refresh: body.refresh_token,
        user_id: String(body.user_id),
        isAuthenticated: true,
      }),
      language,
    ] as const,
  );
  return { riderPage, phone };
}

/**
 * A rider of this test's own, so closing their day is not refused for cash that other specs leave
 * on the road with the shared demo rider (a day with cash orders out cannot be closed).
 */
async function newRider(request: APIRequestContext) {
  const user = await createUser(request, 'riderday');
  const login = await request.post('/api/ecommerce/login/', {
    data: { phone_or_email: user.phone, password: user.password },
  });
  const { access_token: token, user_id: id } = (await login.json()) as {
    access_token: string;
    user_id: string;
  };
  const last = `Rider${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const named = await request.put('/api/ecommerce/profile/update/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { user: { first_name: 'Hari', last_name: last } },
  });
  expect(named.ok(), await named.text()).toBeTruthy();
  const staff = await staffStorage(request);
  const made = await request.post(`/api/admin/customers/${id}/rider/`, {
    headers: { Authorization: `Bearer ${staff.access}` },
    data: { is_rider: true },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  return { name: `Hari ${last}`, login: user.phone, password: user.password };
}

// A rider's day at 360 px: staff assign a packed order in the console, the demo rider takes it out
// and delivers it with the cash, and staff close the rider's day in the console.
test.use({ viewport: { width: 360, height: 780 } });

test('assigned in the console → out for delivery → delivered with cash → the day closed', async ({
  page,
  browser,
  request,
}) => {
  const placed = await customerPlacesOrder(request, 'riderday');
  const hari = await newRider(request);
  const staff = await staffStorage(request);
  const packed = await request.post(`/api/admin/orders/${placed.orderId}/status/`, {
    headers: { Authorization: `Bearer ${staff.access}` },
    data: { status: 'Packed', from: 'Order Processing' },
  });
  expect(packed.ok(), await packed.text()).toBeTruthy();

  await openConsoleAsStaff(page, request, `/admin/orders/${placed.orderId}`);
  const riders = page.getByLabel('Rider', { exact: true });
  const option = riders.getByRole('option', { name: new RegExp(`^${hari.name}`) });
  await expect(option).toBeAttached();
  await riders.selectOption((await option.getAttribute('value')) ?? '');
  await page.getByRole('button', { name: 'Assign rider' }).click();
  await expect(page.getByText(`Rider: ${hari.name}`)).toBeVisible();

  // The rider, on their phone.
  const { riderPage, phone } = await riderPhone(browser, request, 'en', hari);
  await riderPage.goto('/rider');
  // Every test customer is "Sita Sharma": the card is found by its tracking id.
  const card = riderPage.getByRole('article').filter({ hasText: placed.trackingId });
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
  const rider = page.getByRole('region', { name: new RegExp(hari.name) });
  await rider.getByRole('button', { name: new RegExp(`Close ${hari.name}’s day`) }).click();
  await expect(rider.getByText(/^Closed /)).toBeVisible();
});

test('in Nepali: out for delivery, could not deliver with a reason, delivered with cash', async ({
  browser,
  request,
}) => {
  const back = await orderForDemoRider(request, 'ridernepback');
  const done = await orderForDemoRider(request, 'ridernepdone');
  const { riderPage, phone } = await riderPhone(browser, request, 'ne');

  await riderPage.goto('/rider');
  await expect(riderPage.locator('html')).toHaveAttribute('lang', 'ne');
  await expect(riderPage.getByRole('heading', { name: 'मेरा डेलिभरी', level: 1 })).toBeVisible();
  const card = (placed: typeof back) => riderPage.getByRole('article').filter({ hasText: placed.trackingId });

  // Could not deliver: the reason from the Nepali list; the order leaves the rider's list.
  const first = card(back);
  await expect(first.getByText(/^लिनुपर्ने नगद: रु [०-९]/)).toBeVisible();
  await expect(first).toContainText('Baneshwor, काठमाण्डौं, काठमाडौँ');
  await expect(first.getByRole('link', { name: /^फोन [0-9]+$/ })).toHaveAttribute(
    'href',
    `tel:${back.customer.phone}`,
  );
  await first.getByRole('button', { name: 'डेलिभरीमा निस्कनुहोस्' }).click();
  await first.getByRole('button', { name: 'डेलिभर गर्न सकिएन' }).click();
  await first.getByRole('combobox', { name: 'कारण' }).selectOption({ label: 'ठेगाना भेटिएन' });
  await first.getByRole('textbox', { name: 'टिप्पणी' }).fill('गेटमा कोही भेटिएन');
  await first.getByRole('button', { name: 'पसललाई फिर्ता दिनुहोस्' }).click();
  await expect(first).toBeHidden();
  // The customer's order page is told the reason from the list, not the rider's note.
  const order = await request.get(`/api/ecommerce/order/${back.orderId}/`, {
    headers: { Authorization: `Bearer ${back.token}` },
  });
  const history = ((await order.json()) as { history: { not_delivered_reason: string | null }[] }).history;
  expect(history.at(-1)?.not_delivered_reason).toBe('Address not found');
  expect(JSON.stringify(history)).not.toContain('गेटमा');

  // Delivered, with the cash collected.
  const second = card(done);
  await second.getByRole('button', { name: 'डेलिभरीमा निस्कनुहोस्' }).click();
  await second.getByRole('button', { name: 'डेलिभर भयो', exact: true }).click();
  await expect(second.getByLabel('लिएको नगद (रु)')).not.toHaveValue('');
  await second.getByRole('button', { name: 'डेलिभर भएको पक्का गर्नुहोस्' }).click();
  await expect(second.getByText(/^लिइएको नगद: रु [०-९]/)).toBeVisible();
  await expect(riderPage.getByRole('heading', { name: 'आज डेलिभर गरिएका', level: 2 })).toBeVisible();
  await phone.close();
});
