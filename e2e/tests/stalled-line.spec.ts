import { expect, test } from '@playwright/test';
import { loginInUi, PASSWORD } from './accounts-helpers';
import { plainProducts, serverCart } from './cart-helpers';
import { newShopper } from './orders-helpers';

// A mobile line that hangs without breaking: a request goes out and nothing comes back. The
// storefront gives up on it after 30 s (lib/axios-clients.ts, API_TIMEOUT_MS) and lets the shopper
// go on; before, one hung cart request froze the whole cart and Place Order spun for good.

test.describe.configure({ timeout: 120_000 });

test('a cart change whose line hangs gives the cart back within the time limit', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request, 'stall-cart');
  const [a, b] = (await plainProducts(request)).filter((p) => p.total_available_quantity > 5);
  const cart = serverCart(request, shopper.token);
  await cart.clear();
  await cart.add(a.id, 1);
  await cart.add(b.id, 1);

  await loginInUi(page, shopper.user.phone, PASSWORD);
  await page.goto('/cart');
  await expect(page.getByRole('status', { name: `Quantity of ${a.title}` })).toHaveText('1');

  let stalled = 0;
  await page.route('**/api/ecommerce/cart/update/', () => {
    stalled += 1; // never answered
  });
  await page.getByRole('button', { name: `Increase quantity of ${a.title}` }).click();
  await expect.poll(() => stalled).toBe(1);
  const plusB = page.getByRole('button', { name: `Increase quantity of ${b.title}` });
  await expect(plusB).toHaveAttribute('aria-disabled', 'true');
  await expect(plusB).not.toHaveAttribute('aria-disabled', 'true', { timeout: 40_000 });
});

test('a Place Order whose line hangs says it failed within the time limit, and the next tap places it once', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request, 'stall-order');
  const [p] = (await plainProducts(request)).filter((x) => x.total_available_quantity > 5);
  const cart = serverCart(request, shopper.token);
  await cart.clear();
  await cart.add(p.id, 1);

  await loginInUi(page, shopper.user.phone, PASSWORD);
  await page.goto('/checkout');
  await expect(page.getByRole('radio').first()).toBeChecked();
  const keys: string[] = [];
  await page.route('**/api/ecommerce/checkout/', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length > 1) await route.continue(); // the first hangs
  });
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('button', { name: 'Placing Order…' })).toBeVisible();
  await expect(page.getByText('Failed to place your order. Please try again.')).toBeVisible({
    timeout: 40_000,
  });

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('dialog', { name: 'Order placed successfully!' })).toBeVisible();
  // The same attempt: a hung request that did reach the server cannot make a second order.
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});
