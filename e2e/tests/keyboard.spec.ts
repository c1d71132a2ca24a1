import { expect, type Locator, type Page, test } from '@playwright/test';
import { allProducts } from './api';

/**
 * Focus is on `target` and draws a visible indicator: an outline of 2 px or more, or a box-shadow,
 * on the control itself or, for a product card's title link, on the card it stands for.
 */
async function expectFocusOn(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => {
    const host = el.matches('.product-card .stretched-link') ? (el.closest('.product-card') ?? el) : el;
    const style = getComputedStyle(host);
    return {
      outline: style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth),
      shadow: style.boxShadow,
    };
  });
  expect(ring.outline >= 2 || ring.shadow !== 'none', `focus indicator ${JSON.stringify(ring)}`).toBe(true);
}

async function tab(page: Page, target: Locator, shift = false) {
  await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  await expectFocusOn(target);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Today Special', level: 2 })).toBeVisible();
});

test('the header is reachable in order by Tab, with a visible focus ring, and works from the keyboard', async ({
  page,
}) => {
  const header = page.getByRole('banner');
  await tab(page, page.getByRole('link', { name: 'Skip to content' }));
  await tab(page, header.getByRole('link', { name: 'Pasal home' }));
  await tab(page, header.getByRole('combobox', { name: 'Search products' }));
  await tab(page, header.getByRole('button', { name: 'Search' }));
  const languages = header.getByRole('group', { name: 'Language' });
  await tab(page, languages.getByRole('button', { name: 'English' }));
  await tab(page, languages.getByRole('button', { name: 'नेपाली' }));
  const theme = header.getByRole('button', { name: 'Switch to dark mode' });
  await tab(page, theme);
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await expectFocusOn(header.getByRole('button', { name: 'Switch to light mode' }));
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
  await tab(page, header.getByRole('link', { name: 'Profile (log in first)' }));
  await tab(page, header.getByRole('link', { name: 'Wishlist, 0 items (log in first)' }));
  await tab(page, header.getByRole('link', { name: 'Sign In / Account' }));
  await tab(page, header.getByRole('link', { name: 'Cart, 0 items' }));
  // Then the category strip, its first tile and that tile's menu toggle.
  const categories = page.getByRole('navigation', { name: 'Categories' });
  await tab(page, categories.getByRole('link').first());
  const toggle = categories.getByRole('button', { name: /^Show .* subcategories$/ }).first();
  await tab(page, toggle);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const firstSub = page
    .locator(`#${await toggle.getAttribute('aria-controls')}`)
    .getByRole('link')
    .first();
  await tab(page, firstSub);
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expectFocusOn(toggle);

  // Back to the search box: typing and Enter searches.
  await header.getByRole('combobox', { name: 'Search products' }).focus();
  await page.keyboard.type('rice');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=rice$/);
  await expect(page.getByRole('heading', { name: 'Search Results for rice' })).toBeVisible();
});

test('the skip link moves past the header and the category strip to the page itself', async ({ page }) => {
  await tab(page, page.getByRole('link', { name: 'Skip to content' }));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.activeElement?.closest('main') !== null);
  expect(inMain).toBe(true);
  // The first thing there is the banner carousel's pause button, so its motion can be stopped first.
  await expectFocusOn(page.getByRole('button', { name: 'Pause banners' }));
  await page.keyboard.press('Enter');
  await expectFocusOn(page.getByRole('button', { name: 'Play banners' }));
});

test('a product card by keyboard: heart, title link, Add To Cart, in that order', async ({ page }) => {
  const row = page.getByRole('region', { name: 'Today Special' });
  const card = row.getByRole('article').first();
  const title = (await card.getAttribute('aria-label')) ?? '';
  // Start from the row's View All link, just before its first card.
  await row.getByRole('link', { name: 'View All Today Special' }).focus();

  await tab(page, card.getByRole('button', { name: `Add ${title} to wishlist` }));
  const link = card.getByRole('link', { name: title });
  await tab(page, link);
  const add = card.getByRole('button', { name: 'Add To Cart' });
  await tab(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: `${title} added to cart!` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  // Focus stayed on the button through its busy moment.
  await expectFocusOn(add);

  await tab(page, link, true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/detail\//);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
});

test("the detail page's quantity stepper, Add to Cart and tabs by keyboard", async ({ page, request }) => {
  const product = (await allProducts(request)).find((p) => p.total_available_quantity >= 5);
  if (!product) throw new Error('the seed has no product with 5 in stock');
  await page.goto(`/detail/${product.slug}`);
  await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible();

  // From the breadcrumb through the picture's full-screen button and the thumbnails to the stepper.
  await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Home' }).focus();
  await tab(page, page.getByRole('button', { name: /^Open the pictures of .+ full screen$/ }));
  const thumbnails = page.getByRole('button', { name: /^Show image \d+ of / });
  const count = await thumbnails.count();
  for (let i = 0; i < count; i++) await tab(page, thumbnails.nth(i));
  const minus = page.getByRole('button', { name: 'Decrease quantity' });
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  const quantity = page.getByRole('status', { name: 'Quantity' });
  await tab(page, minus);
  await tab(page, plus);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(quantity).toHaveText('3');
  await tab(page, minus, true);
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveText('2');

  await tab(page, plus);
  await tab(page, page.getByRole('button', { name: 'Add to Cart', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Item added to cart!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await tab(page, page.getByRole('button', { name: 'Buy now' }));

  const description = page.getByRole('tab', { name: 'Description' });
  await tab(page, description);
  await expect(description).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  const reviews = page.getByRole('tab', { name: /^Reviews\(\d+\)$/ });
  await expectFocusOn(reviews);
  await expect(reviews).toHaveAttribute('aria-selected', 'true');
});
