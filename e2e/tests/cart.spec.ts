import { expect, type Page, test } from '@playwright/test';
import { loginInUi } from './accounts-helpers';
import {
  addFromDetail,
  apiLogin,
  DEMO,
  persisted,
  plainProducts,
  type ShopProduct,
  serverCart,
} from './cart-helpers';

// These tests share the demo customer's server cart, so they run one after another, each from an
// empty server cart, and leave it empty. Each is a whole journey (log in, several screens): 60 s.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

let token = '';
let products: ShopProduct[] = [];

test.beforeAll(async ({ request }) => {
  token = await apiLogin(request, DEMO.phone, DEMO.password);
  products = await plainProducts(request);
});
test.beforeEach(async ({ request }) => serverCart(request, token).clear());
test.afterAll(async ({ request }) => serverCart(request, token).clear());

const cartBadge = (page: Page, n: number) => page.getByRole('link', { name: `Cart, ${n} items` });
const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });
const quantityOf = (page: Page, title: string) => page.getByRole('status', { name: `Quantity of ${title}` });

/** A product whose stock is at least `min`, priced in [low, high). */
function pick(min: number, low = 0, high = Number.POSITIVE_INFINITY, not: number[] = []) {
  const found = products.find(
    (p) =>
      p.total_available_quantity >= min &&
      p.selling_price >= low &&
      p.selling_price < high &&
      !not.includes(p.id),
  );
  if (!found) throw new Error(`no product with stock ≥ ${min} priced in [${low}, ${high})`);
  return found;
}

test('a visitor’s lines merge into the customer’s server cart on login, capped at the stock', async ({
  page,
  request,
}) => {
  const cart = serverCart(request, token);
  const inBoth = pick(5);
  const visitorOnly = pick(5, 0, Number.POSITIVE_INFINITY, [inBoth.id]);
  const scarce = [...products]
    .filter((p) => p.total_available_quantity >= 2 && ![inBoth.id, visitorOnly.id].includes(p.id))
    .sort((a, b) => a.total_available_quantity - b.total_available_quantity)[0];
  const stock = scarce.total_available_quantity;
  // Already in the customer's server cart (added on another device).
  await cart.add(inBoth.id, 1);
  await cart.add(scarce.id, stock - 1);

  await addFromDetail(page, inBoth, 1);
  await addFromDetail(page, visitorOnly, 2);
  await addFromDetail(page, scarce, 2);
  await expect(cartBadge(page, 5)).toBeVisible();

  await loginInUi(page, DEMO.phone, DEMO.password);
  // The scarce line would exceed the stock: capped there, with the warning.
  await expect(page.getByText(`Only ${stock} items available in stock`)).toBeVisible();
  await expect(cartBadge(page, 2 + 2 + stock)).toBeVisible();
  expect(await cart.lines()).toEqual([
    [inBoth.id, 2],
    [scarce.id, stock],
    [visitorOnly.id, 2],
  ]);

  await page.goto('/cart');
  await expect(quantityOf(page, inBoth.title)).toHaveText('2');
  await expect(quantityOf(page, visitorOnly.title)).toHaveText('2');
  await expect(quantityOf(page, scarce.title)).toHaveText(String(stock));
  expect((await persisted<{ pendingMerge: unknown[] }>(page, 'cart')).pendingMerge).toEqual([]);

  // The next start reads the same server cart and posts nothing again.
  await page.goto('/cart');
  await expect(quantityOf(page, inBoth.title)).toHaveText('2');
  expect(await cart.lines()).toEqual([
    [inBoth.id, 2],
    [scarce.id, stock],
    [visitorOnly.id, 2],
  ]);
});

test('stepper and removal change the server cart', async ({ page, request }) => {
  const cart = serverCart(request, token);
  const roomy = pick(5);
  const scarce = [...products]
    .filter((p) => p.total_available_quantity >= 2 && p.id !== roomy.id)
    .sort((a, b) => a.total_available_quantity - b.total_available_quantity)[0];
  const stock = scarce.total_available_quantity;
  await cart.add(roomy.id, 1);
  await cart.add(scarce.id, stock - 1);
  await loginInUi(page, DEMO.phone, DEMO.password);
  await page.goto('/cart');

  // Minus does nothing at 1.
  await page.getByRole('button', { name: `Decrease quantity of ${roomy.title}` }).click();
  await expect(quantityOf(page, roomy.title)).toHaveText('1');
  await page.getByRole('button', { name: `Increase quantity of ${roomy.title}` }).click();
  await expect(quantityOf(page, roomy.title)).toHaveText('2');
  await expect(row(page, roomy.title).getByRole('cell').nth(3)).toHaveText(
    `Rs ${(roomy.selling_price * 2).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`,
  );

  // Plus stops at the stock and shows the warning.
  const plus = page.getByRole('button', { name: `Increase quantity of ${scarce.title}` });
  await plus.click();
  await expect(quantityOf(page, scarce.title)).toHaveText(String(stock));
  await expect(plus).toHaveAttribute('aria-disabled', 'true');
  await expect(row(page, scarce.title).getByText(`Only ${stock} items available in stock`)).toBeVisible();
  await plus.focus();
  await page.keyboard.press('Enter');
  await expect(quantityOf(page, scarce.title)).toHaveText(String(stock));
  expect(await cart.lines()).toEqual([
    [roomy.id, 2],
    [scarce.id, stock],
  ]);

  await page.getByRole('button', { name: `Remove ${scarce.title}` }).click();
  await expect(row(page, scarce.title)).toHaveCount(0);
  expect(await cart.lines()).toEqual([[roomy.id, 2]]);

  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  expect(await cart.lines()).toEqual([]);
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('WELCOME10 and FLAT50: refused below their minimums, applied, removed, lost when the cart shrinks', async ({
  page,
  request,
}) => {
  // Priced so that 1 is below FLAT50's Rs 200, 2 reach it but not WELCOME10's Rs 500.
  const item = pick(6, 100, 250);
  const price = item.selling_price;
  const forWelcome = Math.ceil(500 / price);
  const paisa = Math.round(price * 100);
  const rs = (p: number) => `Rs ${(p / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
  await serverCart(request, token).add(item.id, 1);
  await loginInUi(page, DEMO.phone, DEMO.password);
  await page.goto('/cart');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const code = page.getByLabel('Enter promo code');
  const apply = page.getByRole('button', { name: 'Apply', exact: true });
  const alert = summary.getByRole('alert');
  const total = summary.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd');

  await expect(apply).toBeDisabled();
  await code.fill('FLAT50');
  await apply.click();
  await expect(alert).toHaveText('Minimum order amount of Rs 200 is required to apply this promo code.');

  await page.getByRole('button', { name: `Increase quantity of ${item.title}` }).click();
  await expect(quantityOf(page, item.title)).toHaveText('2');
  await code.fill('flat50');
  await apply.click();
  await expect(page.getByText('Promo code applied successfully!')).toBeVisible();
  await expect(summary.getByText('Discount (FLAT50)')).toBeVisible();
  await expect(total).toHaveText(rs(2 * paisa - 5000));
  await page.getByRole('button', { name: 'Remove promo code FLAT50' }).click();
  await expect(summary.getByText('Discount (FLAT50)')).toHaveCount(0);
  await expect(total).toHaveText(rs(2 * paisa));

  await code.fill('WELCOME10');
  await apply.click();
  await expect(alert).toHaveText('Minimum order amount of Rs 500 is required to apply this promo code.');
  for (let q = 3; q <= forWelcome; q++) {
    await page.getByRole('button', { name: `Increase quantity of ${item.title}` }).click();
    await expect(quantityOf(page, item.title)).toHaveText(String(q));
  }
  await code.fill('WELCOME10');
  await apply.click();
  await expect(summary.getByText('Discount (WELCOME10)')).toBeVisible();
  const base = forWelcome * paisa;
  const discount = Math.min(Math.floor((base * 10 + 50) / 100), 30000);
  await expect(total).toHaveText(rs(base - discount));

  // Below the minimum again: the promo is lost with the message.
  await page.getByRole('button', { name: `Decrease quantity of ${item.title}` }).click();
  await expect(quantityOf(page, item.title)).toHaveText(String(forWelcome - 1));
  await expect(summary.getByText('Discount (WELCOME10)')).toHaveCount(0);
  await expect(alert).toHaveText('Minimum order amount of Rs 500 is required to apply this promo code.');
  await expect(total).toHaveText(rs((forWelcome - 1) * paisa));

  // An unknown code: the message goes after 3 s (timed here only by the test's own expect timeout).
  await code.fill('NOSUCHCODE');
  await apply.click();
  await expect(alert).toHaveText('Invalid promo code');
  await expect(alert).toHaveCount(0);
});

test('a visitor gets "Please login to apply promo codes"', async ({ page }) => {
  await addFromDetail(page, pick(2), 1);
  await page.goto('/cart');
  await page.getByLabel('Enter promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Please login to apply promo codes');
  await expect(page.getByText('Loading cart...')).toHaveCount(0);
});

// Buy now leaves the cart as it was (decision 046): journey-shopping.spec.ts.

test('logout leaves no customer cart or wishlist in the browser', async ({ page, request }) => {
  const item = pick(3);
  await serverCart(request, token).add(item.id, 2);
  await loginInUi(page, DEMO.phone, DEMO.password);
  await expect(cartBadge(page, 2)).toBeVisible();
  await page.getByRole('button', { name: 'Logout / Account' }).click();
  // The toggle opens the account menu (decision 047); Log out is in it.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(cartBadge(page, 0)).toBeVisible();
  await expect
    .poll(async () => {
      const cart = await persisted<{ items: unknown[]; owner: unknown; pendingMerge: unknown[] }>(
        page,
        'cart',
      );
      const wishlist = await persisted<{ items: unknown[]; apiItems: unknown[] }>(page, 'wishlist');
      return [cart.items, cart.owner, cart.pendingMerge, wishlist.items, wishlist.apiItems];
    })
    .toEqual([[], null, [], [], []]);
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(item.title);
});

test('at 360 px the cart stacks its rows and does not scroll sideways', async ({ page }) => {
  const item = pick(3);
  await addFromDetail(page, item, 1);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/cart');
  await page.getByRole('button', { name: `Increase quantity of ${item.title}` }).click();
  await expect(quantityOf(page, item.title)).toHaveText('2');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expect(page.getByRole('link', { name: 'Proceed to Checkout →' })).toBeInViewport({ ratio: 0 });
});
