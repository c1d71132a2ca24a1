import { expect, test } from '@playwright/test';
import { allProducts, getJson, matches } from './api';

test('a multi-word search finds the expected products', async ({ page, request }) => {
  const products = await allProducts(request);
  // Two words from one product's title; the expected set is derived with the spec's rule.
  const words = products
    .map((p) => p.title.split(' ').filter((w) => /^[A-Za-z]{4,}$/.test(w)))
    .find((w) => w.length >= 2)!;
  const query = `${words[0]} ${words[1]}`;
  const expected = products.filter((p) => matches(p, query));
  expect(expected.length).toBeGreaterThan(0);

  await page.goto('/');
  await page.getByRole('combobox', { name: 'Search products' }).fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(`/search?query=${encodeURIComponent(query)}`);
  // "Search Results for" plus the term, without quotes: a <q> would add them as generated content,
  // which neither the text nor the accessible name shows.
  const heading = page.getByRole('heading', { name: `Search Results for ${query}`, exact: true });
  await expect(heading).toHaveText(`Search Results for ${query}`);
  await expect(heading.locator('q')).toHaveCount(0);
  // The rule is the floor: search also finds romanised and misspelt matches (decision 040), so the
  // page shows the server's count and list, which hold every product the rule finds.
  const served = await getJson<{ count: number; results: unknown[] }>(
    request,
    `/products?q=${encodeURIComponent(query)}`,
  );
  expect(served.count).toBeGreaterThanOrEqual(expected.length);
  await expect(page.getByText(`${served.count} products found`)).toBeVisible();
  const results = page.getByRole('list', { name: 'Search results' });
  for (const p of expected)
    await expect(results.getByRole('article', { name: p.title, exact: true })).toBeVisible();
  await expect(results.getByRole('article')).toHaveCount(served.results.length);
  await expect(page.getByRole('heading', { name: 'Similar Products' })).toBeVisible();
});

test('an unmatched search shows the no-results texts and You might also like', async ({ page }) => {
  const term = 'zzqx nothing-like-this';
  await page.goto(`/search?query=${encodeURIComponent(term)}`);
  await expect(page.getByText('0 products found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(
    page.getByText(`We couldn't find any products matching "${term}". Please try a different search term.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You might also like' })).toBeVisible();
  const recs = page.getByRole('region', { name: 'You might also like' }).getByRole('article');
  await expect(recs.first()).toBeVisible();
  expect(await recs.count()).toBeLessThanOrEqual(8);
});

test('a blank search does nothing', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Search products' }).fill('    ');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Search Results for/ })).toHaveCount(0);
});

// What shoppers in Nepal type: Devanagari, romanised Nepali, a typo. Each finds rice, rice first.
for (const query of ['चामल', 'chamal', 'basmti']) {
  test(`searching "${query}" shows rice`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search products' }).fill(query);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      page.getByRole('heading', { name: `Search Results for ${query}`, exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/^[1-9]\d* products found$/)).toBeVisible();
    const first = page.getByRole('list', { name: 'Search results' }).getByRole('article').first();
    await expect(first).toHaveAccessibleName(query === 'basmti' ? /Basmati Rice/ : /Rice/);
  });
}
