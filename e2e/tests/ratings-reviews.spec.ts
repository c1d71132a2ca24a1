import { type APIRequestContext, expect, test } from '@playwright/test';
import { getJson } from './api';
import { moveOrder, newShopper, placeOrder, type Shopper, signIn, someProducts } from './orders-helpers';

// Issue 24 at 360 px: ratings on product cards, reviews sorted newest or most helpful with a
// helpful vote, and a category strip whose every category can be reached.
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 360, height: 740 } });

const ROOT = '/api/ecommerce';

async function reviewAfterDelivery(
  request: APIRequestContext,
  shopper: Shopper,
  product: Parameters<typeof placeOrder>[2][number][0],
  rating: number,
  text: string,
) {
  const placed = await placeOrder(request, shopper, [[product, 1]]);
  await moveOrder(request, placed.order_id, 'Delivered');
  const res = await request.post(`${ROOT}/product/${product.id}/review/`, {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: { rating, review: text },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('a card shows the rating; a shopper sorts the reviews and marks one helpful', async ({
  page,
  request,
}) => {
  // A product from the middle of the catalogue, which the other tests leave alone.
  const [product] = await someProducts(request, 30, 1);
  const tag = `helpful-${Date.now()}`;
  const [first, second, reader] = [
    await newShopper(request, `${tag}-a`),
    await newShopper(request, `${tag}-b`),
    await newShopper(request, `${tag}-c`),
  ];
  await reviewAfterDelivery(request, first, product, 5, `Crunchy ${tag}`);
  await reviewAfterDelivery(request, second, product, 3, `Fine ${tag}`);
  const detail = await getJson<{ data: { product: { rating: number; rating_count: number } } }>(
    request,
    `/product/detail/${product.slug}/`,
  );
  const { rating, rating_count: count } = detail.data.product;
  const shown = Math.round(rating * 10) / 10;

  // The product's card in a search: "★ 4.3 (12)" to the eye, a sentence to a screen reader.
  await page.goto(`/search?query=${encodeURIComponent(product.title)}`);
  const card = page.getByRole('article', { name: product.title, exact: true }).first();
  await expect(card.getByText(`Rated ${shown} out of 5 by ${count} shoppers`)).toBeAttached();
  await expect(card.locator('.product-rating [aria-hidden="true"]')).toHaveText(`${shown} (${count})`);

  await signIn(page, reader);
  await page.goto(`/detail/${product.slug}`);
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const reviews = page.getByRole('tabpanel');
  const item = (text: string) => reviews.getByRole('listitem').filter({ hasText: text });
  // Newest first: the second review, then the first.
  await expect(reviews.getByRole('listitem').first()).toContainText(`Fine ${tag}`);
  const helpful = item(`Crunchy ${tag}`).getByRole('button', { name: 'Helpful (0)' });
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await helpful.click();
  const marked = item(`Crunchy ${tag}`).getByRole('button', { name: 'Helpful (1)' });
  await expect(marked).toHaveAttribute('aria-pressed', 'true');

  await reviews.getByRole('combobox', { name: 'Sort reviews' }).selectOption({ label: 'Most helpful first' });
  await expect(reviews.getByRole('listitem').first()).toContainText(`Crunchy ${tag}`);
  // The mark is kept: after a reload it is still there and still pressed.
  await page.reload();
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await expect(item(`Crunchy ${tag}`).getByRole('button', { name: 'Helpful (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('every category of the strip can be reached at 360 px with its arrow button', async ({
  page,
  request,
}) => {
  const featured = await getJson<{ data: { results: { id: number; title: string }[] } }>(
    request,
    '/category/featured',
  );
  expect(featured.data.results.length).toBeGreaterThan(4);
  await page.goto('/');
  const strip = page.getByRole('navigation', { name: 'Categories' });
  const more = strip.getByRole('button', { name: 'More categories' });
  const previous = strip.getByRole('button', { name: 'Previous categories' });
  await expect(more).toBeVisible();
  await expect(previous).toBeHidden();

  const onScreen = async (title: string) => {
    const box = await strip.getByRole('link', { name: title, exact: true }).boundingBox();
    return box !== null && box.x >= 0 && box.x + box.width <= 360;
  };
  const seen = new Set<string>();
  for (let press = 0; press < 20; press += 1) {
    for (const c of featured.data.results) if (await onScreen(c.title)) seen.add(c.title);
    if (!(await more.isVisible())) break;
    await more.click();
    // The smooth scroll settles before the next look.
    await page.waitForFunction(
      () =>
        new Promise((resolve) => {
          const grid = document.querySelector('.category-grid');
          const at = grid?.scrollLeft;
          setTimeout(() => resolve(grid?.scrollLeft === at), 150);
        }),
    );
  }
  expect([...seen].sort()).toEqual(featured.data.results.map((c) => c.title).sort());
  await expect(more).toBeHidden();
  await expect(previous).toBeVisible();
});
