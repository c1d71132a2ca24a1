import { expect, test } from '@playwright/test';
import { loginInUi } from './accounts-helpers';
import { plainProducts, serverCart } from './cart-helpers';
import { controlledByWorker, goOffline, goOnline } from './offline-helpers';
import { newShopper } from './orders-helpers';

// Place Order offline (decision 048): nothing is ordered; the same order goes with the same
// Idempotency-Key when the line returns, even after a reload, so two taps make one order.

test('Place Order offline, tapped twice and reloaded, makes exactly one order once back online', async ({
  page,
  context,
  request,
}) => {
  const shopper = await newShopper(request, 'offline-order');
  const product = (await plainProducts(request)).find((p) => p.total_available_quantity > 10)!;
  const cart = serverCart(request, shopper.token);
  await cart.clear();
  await cart.add(product.id, 1);
  const orders = async () => {
    const res = await request.get('/api/ecommerce/order/list/', {
      headers: { Authorization: `Bearer ${shopper.token}` },
    });
    return ((await res.json()) as { results: unknown[] }).results.length;
  };

  await loginInUi(page, shopper.user.phone, shopper.user.password);
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { checked: true }).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await controlledByWorker(page);

  await goOffline(context, page);
  const place = page.getByRole('button', { name: 'Place Order' });
  await place.click();
  const waiting = page.getByRole('alert').filter({ hasText: 'nothing was ordered yet' });
  await expect(waiting).toHaveText(
    "You're offline: nothing was ordered yet. Your order will be sent as soon as the connection returns.",
  );
  await place.click();
  await expect(waiting).toBeVisible();
  const key = await page.evaluate(() => JSON.parse(localStorage.getItem('pasal-pending-order') ?? '{}').key);
  expect(key).toMatch(/^chk-[0-9a-f]{32}$/);

  // A reload while the line is down: the checkout cannot load, the order is still kept.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  expect(await orders()).toBe(0);

  await goOnline(context, page);
  await page.goto('/checkout');
  const success = page.getByRole('dialog', { name: 'Order placed successfully!' });
  await expect(success).toBeVisible();
  expect(await orders()).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('pasal-pending-order'))).toBeNull();
  // A further tap is a new attempt with the (now empty) cart, never the old order again.
  expect(await orders()).toBe(1);
});

test('an order tapped offline on the open checkout is sent when the line returns', async ({
  page,
  context,
  request,
}) => {
  const shopper = await newShopper(request, 'offline-order-live');
  const product = (await plainProducts(request)).find((p) => p.total_available_quantity > 10)!;
  const cart = serverCart(request, shopper.token);
  await cart.clear();
  await cart.add(product.id, 1);

  await loginInUi(page, shopper.user.phone, shopper.user.password);
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { checked: true }).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await goOffline(context, page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'nothing was ordered yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await goOnline(context, page);
  await expect(page.getByRole('dialog', { name: 'Order placed successfully!' })).toBeVisible();
  const res = await request.get('/api/ecommerce/order/list/', {
    headers: { Authorization: `Bearer ${shopper.token}` },
  });
  expect(((await res.json()) as { results: unknown[] }).results).toHaveLength(1);
});
