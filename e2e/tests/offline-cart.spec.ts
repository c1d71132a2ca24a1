import { expect, test } from '@playwright/test';
import { loginInUi } from './accounts-helpers';
import { plainProducts, serverCart } from './cart-helpers';
import { controlledByWorker, goOffline, goOnline } from './offline-helpers';
import { newShopper, placeOrder } from './orders-helpers';

// A customer's cart changes made offline are kept and sent when the line returns, and the
// server's answer is shown (decision 048).

test('cart changes made offline are sent on reconnect, capped at the stock the server has then', async ({
  page,
  context,
  request,
}) => {
  const shopper = await newShopper(request, 'offline-cart');
  const other = await newShopper(request, 'offline-cart-other');
  const products = await plainProducts(request);
  // A product with little stock (the other specs take products with more), and a plentiful one.
  const scarce = products.find((p) => p.total_available_quantity >= 2 && p.total_available_quantity <= 5);
  const plenty = products.find((p) => p.total_available_quantity > 10 && p.id !== scarce?.id);
  test.skip(!scarce || !plenty, 'the seed has no product with 2 to 5 in stock');
  if (!scarce || !plenty) return;
  const cart = serverCart(request, shopper.token);
  await cart.clear();
  await cart.add(plenty.id, 1);
  await cart.add(scarce.id, 1);

  await loginInUi(page, shopper.user.phone, shopper.user.password);
  await page.goto('/cart');
  const quantity = (title: string) => page.getByRole('status', { name: `Quantity of ${title}` });
  await expect(quantity(plenty.title)).toHaveText('1');
  await controlledByWorker(page);

  await goOffline(context, page);
  await page.getByRole('button', { name: `Increase quantity of ${plenty.title}` }).click();
  await page.getByRole('button', { name: `Increase quantity of ${plenty.title}` }).click();
  await page.getByRole('button', { name: `Increase quantity of ${scarce.title}` }).click();
  await expect(quantity(plenty.title)).toHaveText('3');
  await expect(quantity(scarce.title)).toHaveText('2');
  // Nothing reached the server yet, and a reload keeps the changes.
  expect(await cart.lines()).toEqual(
    expect.arrayContaining([
      [plenty.id, 1],
      [scarce.id, 1],
    ]),
  );
  await page.reload();
  await expect(quantity(plenty.title)).toHaveText('3');

  // Meanwhile someone else buys all but one of the scarce product.
  await placeOrder(request, other, [[scarce, scarce.total_available_quantity - 1]]);

  await goOnline(context, page);
  await expect(page.getByText('Only 1 items available in stock').first()).toBeVisible();
  await expect(page.getByText('Your cart changes made offline were sent.').first()).toBeVisible();
  await expect(quantity(plenty.title)).toHaveText('3');
  await expect(quantity(scarce.title)).toHaveText('1');
  expect((await cart.lines()).sort()).toEqual(
    [
      [plenty.id, 3],
      [scarce.id, 1],
    ].sort(),
  );
});
