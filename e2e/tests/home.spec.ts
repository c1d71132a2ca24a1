import { expect, test } from '@playwright/test';
import { getJson } from './api';

interface Home {
  data: { categories: { id: number; title: string; products: unknown[] }[]; today_special: unknown[] };
}

test('home renders banners, Today Special, flash sale and category rows', async ({ page, request }) => {
  const home = await getJson<Home>(request, '/home/data/');
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Offers' }).getByRole('img').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Today Special' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Flash Sale' })).toBeVisible();
  const flash = page.getByRole('region', { name: 'Flash Sale' });
  await expect(flash.getByRole('article').first()).toBeVisible();
  for (const c of home.data.categories.filter((c) => c.products.length > 0)) {
    await expect(page.getByRole('heading', { name: c.title, exact: true, level: 2 })).toBeVisible();
  }
  await expect(page.getByText('© 2023')).toBeVisible();
});

test('the home page arrives with its banners: the first shows without asking the API, then the carousel takes over', async ({
  page,
  request,
}) => {
  const banners = await getJson<{ data: { results: { title: string }[] } }>(request, '/banner/');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/ecommerce/banner')) asked.push(r.url());
  });
  await page.goto('/');
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('img', { name: banners.data.results[0]?.title })).toBeVisible();
  // The carousel's controls come once the first picture is on screen.
  await expect(offers.getByRole('button', { name: 'Slide 1' })).toBeVisible();
  expect(asked).toEqual([]);
  // Back on the page later, the banners are asked for afresh (the page's copy is used once).
  await page.getByRole('link', { name: 'View All Today Special' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today Special' })).toBeVisible();
  await page.goBack();
  await expect(offers.getByRole('img', { name: banners.data.results[0]?.title })).toBeVisible();
  expect(asked.length).toBe(1);
});

test("the app's entry script asks V8 to compile it while it downloads; the lazy pages' do not", async ({
  page,
  request,
}) => {
  await page.goto('/');
  const entry = await page.locator('script[type="module"][src*="/assets/index-"]').getAttribute('src');
  expect(entry).toBeTruthy();
  // The hint is read only on the file's first line (decision 033).
  const body = await (await request.get(entry ?? '')).text();
  expect(body.split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
  const lazyPage = body.match(/assets\/search-page-[\w-]+\.js/)?.[0];
  expect(lazyPage).toBeTruthy();
  expect(await (await request.get(`/${lazyPage}`)).text()).not.toContain('allFunctionsCalledOnLoad');
});

test("a category's View All opens its page with its title", async ({ page, request }) => {
  const home = await getJson<Home>(request, '/home/data/');
  const category = home.data.categories.find((c) => c.products.length > 0)!;
  await page.goto('/');
  await page.getByRole('link', { name: `View All ${category.title}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/viewallca/${category.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: category.title })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('Today Special row links to /viewallfy', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'View All Today Special' }).click();
  await expect(page).toHaveURL(/\/viewallfy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Today Special' })).toBeVisible();
});

test('a product card opens its detail page', async ({ page }) => {
  await page.goto('/');
  const row = page.getByRole('region', { name: 'Today Special' });
  const card = row.getByRole('article').first();
  const title = (await card.getAttribute('aria-label'))!;
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/detail\//);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('clicking anywhere on a card, such as its price, opens the detail page', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Today Special' }).getByRole('article').first();
  const title = (await card.getAttribute('aria-label'))!;
  const price = card.getByText(/^Rs /).first();
  await price.scrollIntoViewIfNeeded();
  const box = (await price.boundingBox())!;
  // A real click at that spot, as a shopper makes it: the card's stretched link must receive it.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/detail\//);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('Add to Cart on a card updates the header badge', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const row = page.getByRole('region', { name: 'Today Special' });
  await row.getByRole('button', { name: 'Add To Cart' }).first().click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await expect(page.getByText('added to cart!')).toBeVisible();
});

test('a visitor using the wishlist heart is sent to /login', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Today Special' })
    .getByRole('button', { name: /to wishlist$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please login to add items to wishlist')).toBeVisible();
});

test('the theme toggles to dark and back, and stays after a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
});

test('checkout without a session warns and goes to /login', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please log in for checkout')).toBeVisible();
});

// shopping.md §9: category grid columns 3 on xs/sm, 2 on md/lg, 1 on xl (the subcategory menu, decision 004).
for (const [width, columns] of [
  [375, 3],
  [800, 2],
  [1280, 1],
] as const) {
  test(`a subcategory menu has ${columns} column(s) at ${width} px and stays on screen`, async ({
    page,
    request,
  }) => {
    const featured = await getJson<{ data: { results: { title: string; subcategories: unknown[] }[] } }>(
      request,
      '/category/featured',
    );
    // The last category with at least three subcategories: the one nearest the right edge.
    const category = featured.data.results.filter((c) => c.subcategories.length >= 3).at(-1)!;
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: `Show ${category.title} subcategories`, exact: true });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(menu.getByRole('link')).toHaveCount(category.subcategories.length);
    const lefts = new Set<number>();
    for (const item of await menu.getByRole('listitem').all())
      lefts.add(Math.round((await item.boundingBox())!.x));
    expect(lefts.size).toBe(columns);
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });
}
