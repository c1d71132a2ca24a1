import { expect, test } from '@playwright/test';
import { cartBadge } from './journey-helpers';
import {
  moveOrder,
  newShopper,
  orderCard,
  placeOrder,
  type Shopper,
  signIn,
  someProducts,
} from './orders-helpers';

// The order journey on a phone (issue 24, decision 047): a cash order reads "Pay on delivery", the
// success dialog and the list name it by the same Tracking ID, and each order has its own page with
// a timeline, items, payment, address and Buy again. One customer for the file (OTPs are rationed).
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ viewport: { width: 360, height: 780 } });

let shopper: Shopper;
test.beforeAll(async ({ request }) => {
  shopper = await newShopper(request, 'journey-orders');
});

test('a cash order is "Pay on delivery", opens its page with the timeline, and Buy again fills the cart', async ({
  page,
  request,
}) => {
  const [rice, oil] = await someProducts(request, 12, 2);
  const placed = await placeOrder(request, shopper, [
    [rice, 2],
    [oil, 1],
  ]);
  await signIn(page, shopper);
  await page.goto('/profile/orders');
  const card = orderCard(page, placed.tracking_id);
  await expect(card.getByText('Pay on delivery')).toBeVisible();
  await expect(card.getByText('Unpaid')).toHaveCount(0);

  await moveOrder(request, placed.order_id, 'Packed');
  await card.getByRole('link', { name: /^Order details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${placed.order_id}$`));
  await expect(page.getByRole('heading', { name: `Order ${placed.tracking_id}`, level: 1 })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Order timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').nth(0)).toContainText('Order Processing');
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Packed');
  await expect(timeline.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.getByText(/^Delivery from /)).toBeVisible();
  await expect(page.getByRole('link', { name: rice.title })).toBeVisible();
  await expect(page.getByText('Cash on Delivery · Pay on delivery')).toBeVisible();
  await expect(page.locator('address')).toContainText(shopper.user.phone);

  await page.getByRole('button', { name: 'Buy again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 2 items to your cart.' })).toBeVisible();
  await expect(cartBadge(page, 3)).toBeVisible();
  // No page shows the page wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the success dialog names the order as the list does, and leads to its page', async ({
  page,
  request,
}) => {
  const [tea] = await someProducts(request, 14, 1);
  await signIn(page, shopper);
  await page.goto(`/detail/${tea.slug}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout\?buy=now$/);
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order placed successfully!' });
  await expect(dialog.getByText('Tracking ID')).toBeVisible();
  const trackingId = (await dialog.getByText(/^PSL[0-9A-Z]{10}$/).textContent()) ?? '';
  await dialog.getByRole('link', { name: 'Order details' }).click();
  await expect(page.getByRole('heading', { name: `Order ${trackingId}`, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: '← All orders' }).click();
  await expect(orderCard(page, trackingId)).toBeVisible();
});

test('another customer’s order is not shown', async ({ page, request }) => {
  const other = await newShopper(request, 'journey-other');
  const [salt] = await someProducts(request, 15, 1);
  const theirs = await placeOrder(request, other, [[salt, 1]]);
  await signIn(page, shopper);
  await page.goto(`/orders/${theirs.order_id}`);
  await expect(
    page.getByRole('heading', { name: 'This order was not found in your account.', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(theirs.tracking_id)).toHaveCount(0);
});
