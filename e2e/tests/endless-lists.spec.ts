import { expect, test } from '@playwright/test';
import { getJson, matches, type SeedProduct } from './api';

// Issue 13: the category, search and list pages read the catalogue a page at a time; more loads as
// the shopper scrolls, or with the "Load more products" button.

interface Page {
  count: number;
  page_size: number;
  next: string | null;
}

test('search results grow as the shopper scrolls, up to the whole count', async ({ page, request }) => {
  // "a" is in nearly every product: more than one page.
  const first = await getJson<Page & { results: SeedProduct[] }>(request, '/products?q=a');
  expect(first.next).not.toBeNull();
  // A phone's screen: the first page's foot starts well below the list's look-ahead margin, so
  // nothing loads before the shopper scrolls.
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto('/search?query=a');
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('article');
  // The page shows what the spec's rule keeps of the first page.
  const shown = first.results.filter((p) => matches(p, 'a')).length;
  await expect(results).toHaveCount(shown);

  // Scrolling to the foot of the list loads the next page by itself.
  await page.getByRole('button', { name: 'Load more products' }).scrollIntoViewIfNeeded();
  await expect.poll(() => results.count()).toBeGreaterThan(shown);
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();
});

test('a category page loads its next page from the keyboard', async ({ page, request }) => {
  const { data } = await getJson<{ data: { results: { id: number; title: string }[] } }>(
    request,
    '/category/featured',
  );
  let chosen: { id: number; title: string; count: number; size: number } | undefined;
  // The category with the most pages: the list loads ahead as its foot nears the screen, so a
  // short one may be whole before the button is reached.
  for (const c of data.results) {
    const answer = await getJson<Page>(request, `/category/product/${c.id}`);
    if (answer.next && (!chosen || answer.count > chosen.count)) {
      chosen = { ...c, count: answer.count, size: answer.page_size };
    }
  }
  if (!chosen) throw new Error('the seed has no category with more than one page');
  // A tall screen: the first page's foot is in view, and the button is the way on.
  await page.setViewportSize({ width: 1280, height: 800 });
  // Without an IntersectionObserver nothing loads ahead by itself: the button is the only way on,
  // as for a browser without one (the observer's loading is the scroll test's business).
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'IntersectionObserver');
  });
  await page.goto(`/viewallca/${chosen.id}`);
  const cards = page.getByRole('list', { name: 'Category' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();
  expect(before).toBeGreaterThanOrEqual(chosen.size);

  const more = page.getByRole('button', { name: 'Load more products' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => cards.count()).toBeGreaterThan(before);
  // The document's title names the category, from the answer (no navigation state here).
  await expect(page).toHaveTitle(`${chosen.title} | Pasal`);
});
