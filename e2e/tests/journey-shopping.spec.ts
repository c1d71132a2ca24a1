import { type APIRequestContext, expect, test } from '@playwright/test';
import { serverCart } from './cart-helpers';
import { cartBadge } from './journey-helpers';
import { newShopper, type Shopper, signIn, someProducts } from './orders-helpers';

// The shopping journey on a phone (issue 24, decisions 046 and 047): Buy now leaves the cart as it
// was, Clear Cart can be undone, and "Logout / Account" opens a menu. One customer for the file.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ viewport: { width: 360, height: 780 } });

let shopper: Shopper;
test.beforeAll(async ({ request }) => {
  shopper = await newShopper(request, 'journey-shopping');
});

test('Buy now checks out just that item; the cart keeps its lines, also after a reload', async ({
  page,
  request,
}) => {
  const [rice, oil, tea] = await someProducts(request, 20, 3);
  const cart = serverCart(request, shopper.token);
  await cart.clear();
  await cart.add(rice.id, 2);
  await cart.add(oil.id, 1);
  await signIn(page, shopper);
  await expect(cartBadge(page, 3)).toBeVisible();

  await page.goto(`/detail/${tea.slug}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout\?buy=now$/);
  await expect(page.getByText('Buying just this item. Your cart stays as it was.')).toBeVisible();
  // A reload carries on with the same item.
  await page.reload();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(`${tea.title} × 1`)).toBeVisible();
  await expect(summary.getByText(rice.title)).toHaveCount(0);
  await expect(cartBadge(page, 3)).toBeVisible();

  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('dialog', { name: 'Order placed successfully!' })).toBeVisible();
  expect((await cart.lines()).sort()).toEqual(
    [
      [rice.id, 2],
      [oil.id, 1],
    ].sort(),
  );
  await expect(cartBadge(page, 3)).toBeVisible();
});

test('Clear Cart can be undone: the lines come back', async ({ page, request }) => {
  const [rice, oil] = await someProducts(request, 20, 2);
  const cart = serverCart(request, shopper.token);
  await cart.clear();
  await cart.add(rice.id, 2);
  await cart.add(oil.id, 1);
  await signIn(page, shopper);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(cartBadge(page, 0)).toBeVisible();
  await page
    .getByRole('status')
    .filter({ hasText: 'Your cart was cleared.' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByRole('button', { name: 'Clear Cart' })).toBeVisible();
  await expect(cartBadge(page, 3)).toBeVisible();
  expect((await cart.lines()).sort()).toEqual(
    [
      [rice.id, 2],
      [oil.id, 1],
    ].sort(),
  );
});

test('"Logout / Account" opens a menu: Account, Orders, Wishlist, Log out', async ({ page }) => {
  await signIn(page, shopper);
  const toggle = page.getByRole('button', { name: 'Logout / Account' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Account', 'Orders', 'Wishlist'])
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/orders$/);
  // Still signed in: the menu led to the account, it did not log out.
  await expect(toggle).toBeVisible();
  await toggle.click();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  // Log out from a page open to visitors too (the profile itself sends a visitor to /login).
  await page.getByRole('banner').getByRole('link', { name: 'Pasal home' }).click();
  await toggle.click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In / Account' })).toBeVisible();
});

/** The server's free-delivery amount (Rs) for these lines, to one address or (null) before one is chosen. */
async function freeFrom(request: APIRequestContext, addressId: number | null, lines: [number, number][]) {
  const res = await request.post('/api/ecommerce/order/calculate-delivery-charge/', {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: {
      address_id: addressId,
      cart_items: lines.map(([product_id, quantity]) => ({ product_id, quantity })),
    },
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { delivery_info: { free_delivery_from: number } } }).data
    .delivery_info.free_delivery_from;
}

const rs = (rupees: number) => `Rs ${rupees.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

test('the cart and the checkout say how much more buys free delivery; a new address starts with my name and phone', async ({
  page,
  request,
}) => {
  const [cheap] = (await someProducts(request, 20, 6)).filter((p) => p.selling_price < 700);
  const cart = serverCart(request, shopper.token);
  await cart.clear();
  await cart.add(cheap.id, 1);
  const anywhere = await freeFrom(request, null, [[cheap.id, 1]]);
  const here = await freeFrom(request, shopper.addressId, [[cheap.id, 1]]);
  await signIn(page, shopper);
  await page.goto('/cart');
  await expect(
    page.getByText(`Add ${rs(anywhere - cheap.selling_price)} more for free delivery`),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Proceed to Checkout →' }).click();
  await expect(page.getByText(`Add ${rs(here - cheap.selling_price)} more for free delivery`)).toBeVisible();

  await page.getByRole('button', { name: 'Add New Address' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New Address' });
  await expect(modal.getByLabel(/^Full name/)).toHaveValue(`${shopper.user.first} ${shopper.user.last}`);
  await expect(modal.getByLabel(/^Phone/)).toHaveValue(shopper.user.phone);
});
