import { expect, test } from '@playwright/test';
import { axeViolations, plainProducts } from './cart-helpers';
import { controlledByWorker, goOffline, goOnline, kept } from './offline-helpers';

// Offline (decision 048): pages seen online open with their content and a quiet note; a page never
// seen shows the shop's own offline page, with the cart and the products this phone has kept.

test('pages seen online reload offline with their content and say so quietly', async ({
  page,
  context,
  request,
}) => {
  const [product] = await plainProducts(request);
  await page.goto('/');
  await controlledByWorker(page);
  await kept(page, '/home/data/');
  await page.goto(`/detail/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await kept(page, `/product/detail/${product.slug}/`);

  await goOffline(context, page);
  await expect(page.getByRole('status').getByText("You're offline")).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByRole('status').getByText("You're offline")).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  await goOnline(context, page);
  await expect(page.getByText("You're offline")).toHaveCount(0);
});

test('a page never seen shows the offline page with the cart and the products kept', async ({
  page,
  context,
  request,
}) => {
  const [product] = await plainProducts(request);
  await page.goto(`/detail/${product.slug}`);
  await controlledByWorker(page);
  await kept(page, `/product/detail/${product.slug}/`);
  // The page's own button (on a phone the buy bar has one too, after it).
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await expect(page.getByText('Item added to cart!').first()).toBeVisible();

  await goOffline(context, page);
  await page.goto('/viewallca/1');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  const cart = page.getByRole('region', { name: 'Your cart' });
  await expect(cart.getByText(`${product.title} × 1`)).toBeVisible();
  const seen = page.getByRole('list', { name: 'Products you have seen' });
  await expect(seen.getByRole('article', { name: product.title })).toBeVisible();
  // The offline page and its note pass the accessibility rules the other screens do.
  await expect(page.getByRole('status').getByText("You're offline")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The cart itself needs no network.
  await cart.getByRole('link', { name: 'Open the cart' }).click();
  await expect(page.getByRole('heading', { name: /cart/i, level: 1 })).toBeVisible();
});
