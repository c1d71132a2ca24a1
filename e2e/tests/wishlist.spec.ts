import { expect, test } from '@playwright/test';
import { createUser, loginInUi } from './accounts-helpers';
import { apiLogin, serverCart } from './cart-helpers';

test('a visitor is sent to /login by the heart and asked to log in on /profile/wishlist', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Today Special' })
    .getByRole('button', { name: /to wishlist$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please login to add items to wishlist')).toBeVisible();

  await page.goto('/profile/wishlist');
  await expect(page.getByText('Please login to view your wishlist')).toBeVisible();
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a customer adds from a card, sees the count, removes on /profile/wishlist, and buys from it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await createUser(request, 'wishlist');
  const token = await apiLogin(request, user.email, user.password);
  const server = serverCart(request, token);
  await loginInUi(page, user.email, user.password);
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();

  const row = page.getByRole('region', { name: 'Today Special' });
  const cards = row.getByRole('article');
  const first = cards.nth(0);
  const second = cards.nth(1);
  const firstTitle = (await first.getAttribute('aria-label'))!;
  const secondTitle = (await second.getAttribute('aria-label'))!;

  await first.getByRole('button', { name: `Add ${firstTitle} to wishlist` }).click();
  await expect(first.getByRole('button', { name: `Remove ${firstTitle} from wishlist` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('link', { name: 'Wishlist, 1 items' })).toBeVisible();
  await second.getByRole('button', { name: `Add ${secondTitle} to wishlist` }).click();
  await expect(page.getByRole('link', { name: 'Wishlist, 2 items' })).toBeVisible();
  expect((await server.wishlist()).length).toBe(2);

  await page.getByRole('link', { name: 'Wishlist, 2 items' }).click();
  await expect(page).toHaveURL(/\/profile\/wishlist$/);
  const list = page.getByRole('list', { name: 'Wishlist items' });
  await expect(list.getByRole('article')).toHaveCount(2);

  await list
    .getByRole('article', { name: firstTitle })
    .getByRole('button', { name: `Remove ${firstTitle} from wishlist` })
    .click();
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Wishlist, 1 items' })).toBeVisible();
  expect((await server.wishlist()).length).toBe(1);

  // The cart icon adds one; Buy Now checks out that one item and leaves the cart as it was
  // (decision 046).
  const card = list.getByRole('article', { name: secondTitle });
  await card.getByRole('button', { name: `Add ${secondTitle} to cart` }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await card.getByRole('button', { name: `Buy Now ${secondTitle}` }).click();
  await expect(page).toHaveURL(/\/checkout\?buy=now$/);
  await expect(page.getByText(secondTitle).first()).toBeVisible();
  expect((await server.lines()).map(([, q]) => q)).toEqual([1]);

  // The card opens the product.
  await page.goto('/profile/wishlist');
  await list.getByRole('link', { name: secondTitle }).click();
  await expect(page).toHaveURL(/\/detail\//);
  await expect(page.getByRole('heading', { level: 1, name: secondTitle })).toBeVisible();

  await page.goto('/profile/wishlist');
  await list
    .getByRole('article', { name: secondTitle })
    .getByRole('button', { name: `Remove ${secondTitle} from wishlist` })
    .click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/');
});
