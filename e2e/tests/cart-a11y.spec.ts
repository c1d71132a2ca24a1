import { expect, type Page, test } from '@playwright/test';
import { createUser, loginInUi } from './accounts-helpers';
import { addFromDetail, apiLogin, axeEverywhere, plainProducts, serverCart } from './cart-helpers';

// Axe (WCAG 2.0–2.2 A and AA, every impact) on each state of the cart and wishlist screens, in
// both themes at 360 and 1280 px. To be folded into the screen matrix (e2e/tests/a11y-screens.ts).

/** Holds the answers of a call until released, so its loading state can be looked at. */
async function holdCalls(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/ecommerce${path}`, async (route) => {
    await released;
    await route.continue();
  });
  // Released, the handler lets every call through (unrouting would race the held one).
  return release;
}

test('cart screen: visitor empty and filled; customer loading, empty, filled with a promo', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  const item = (await plainProducts(request)).find(
    (p) => p.total_available_quantity >= 10 && p.selling_price >= 50,
  )!;

  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  found.push(...(await axeEverywhere(page, 'visitor empty cart')));

  await addFromDetail(page, item, 2);
  await page.goto('/cart');
  await page.getByLabel('Enter promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Please login to apply promo codes');
  found.push(...(await axeEverywhere(page, 'visitor cart')));

  const user = await createUser(request, 'cart-a11y');
  await loginInUi(page, user.email, user.password);
  // The visitor's 2 merged into the new customer's cart; empty it for the empty state.
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await serverCart(request, await apiLogin(request, user.email, user.password)).clear();
  const release = await holdCalls(page, '/cart/');
  await page.goto('/cart');
  await expect(page.getByText('Loading cart...')).toBeVisible();
  found.push(...(await axeEverywhere(page, 'customer cart loading')));
  release();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  found.push(...(await axeEverywhere(page, 'customer empty cart')));

  await addFromDetail(page, item, 10);
  await page.goto('/cart');
  await page.getByLabel('Enter promo code').fill('FLAT50');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Remove promo code FLAT50' })).toBeVisible();
  found.push(...(await axeEverywhere(page, 'customer cart with promo')));
  expect(found).toEqual([]);
});

// The profile card beside the wishlist belongs to the profile screen (checked in the matrix).
const PROFILE_CARD = ['section[aria-labelledby="profile-name"]'];

test('wishlist screen: visitor, loading, error, empty and filled', async ({ page, request }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  await page.goto('/profile/wishlist');
  await expect(page.getByText('Please login to view your wishlist')).toBeVisible();
  found.push(...(await axeEverywhere(page, 'visitor wishlist')));

  const user = await createUser(request, 'wishlist-a11y');
  await loginInUi(page, user.email, user.password);
  const release = await holdCalls(page, '/list/wishlist/');
  await page.goto('/profile/wishlist');
  await expect(page.getByText('Loading your wishlist...')).toBeVisible();
  found.push(...(await axeEverywhere(page, 'wishlist loading', PROFILE_CARD)));
  release();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  found.push(...(await axeEverywhere(page, 'empty wishlist', PROFILE_CARD)));

  await page.route('**/api/ecommerce/list/wishlist/', (route) =>
    route.fulfill({ status: 500, json: { message: 'Failed to fetch wishlist' } }),
  );
  await page.goto('/profile/wishlist');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  found.push(...(await axeEverywhere(page, 'wishlist error', PROFILE_CARD)));
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Today Special' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const card of (await cards.all()).slice(0, 2)) {
    const title = (await card.getAttribute('aria-label'))!;
    await card.getByRole('button', { name: `Add ${title} to wishlist` }).click();
    await expect(card.getByRole('button', { name: `Remove ${title} from wishlist` })).toBeVisible();
  }
  await page.goto('/profile/wishlist');
  await expect(page.getByRole('list', { name: 'Wishlist items' }).getByRole('article')).toHaveCount(2);
  found.push(...(await axeEverywhere(page, 'wishlist', PROFILE_CARD)));
  expect(found).toEqual([]);
});
