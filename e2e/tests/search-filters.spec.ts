import { expect, test } from '@playwright/test';
import { getJson } from './api';

// Sort and filters of the search page (issue 22, decision 041) on a 360 px phone: they live in the
// address, so a reload, Back and Forward bring the list back as it was.

test.use({ viewport: { width: 360, height: 740 } });
// Three page loads and four history steps, each waiting for a list: more than one test's usual 30 s
// on a busy machine.
test.setTimeout(120_000);
/** A list's first load on a busy machine. */
const slow = { timeout: 30_000 };

interface Found {
  count: number;
  results: { title: string; selling_price: number; total_available_quantity: number }[];
}

test('filter in stock and sort by price on a phone; reload, Back and Forward restore it', async ({
  page,
  request,
}) => {
  const all = await getJson<Found>(request, '/products?q=rice&page_size=100');
  const expected = await getJson<Found>(
    request,
    '/products?q=rice&sort=price_asc&in_stock=true&page_size=100',
  );
  expect(expected.count).toBeGreaterThan(1);
  // The seed has sold-out rice, so the filter visibly narrows the list.
  expect(expected.count).toBeLessThan(all.count);
  const prices = expected.results.map((p) => p.selling_price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.goto('/search?query=rice');
  await expect(page.getByText(`${all.count} products found`)).toBeVisible(slow);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByRole('checkbox', { name: 'In stock only' }).check();
  await expect(page).toHaveURL('/search?query=rice&in_stock=true');
  await panel.getByRole('button', { name: 'Show results' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: /^Filters 1 ?applied$/ })).toBeVisible();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL('/search?query=rice&sort=price_asc&in_stock=true');

  const shows = async () => {
    await expect(page.getByText(`${expected.count} products found`)).toBeVisible(slow);
    const results = page.getByRole('list', { name: 'Search results' });
    const first = expected.results.slice(0, 4).map((p) => p.title);
    await expect(results.getByRole('article').first()).toBeVisible();
    const titles = await results
      .getByRole('article')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    expect(titles.slice(0, first.length)).toEqual(first);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('1');
    await expect(page.getByRole('button', { name: /^Filters 1 ?applied$/ })).toBeVisible();
  };
  await shows();

  await page.reload();
  await shows();

  // Back: the sort goes, the filter stays; again: the plain search.
  await page.goBack();
  await expect(page).toHaveURL('/search?query=rice&in_stock=true');
  await expect(page.getByText(`${expected.count} products found`)).toBeVisible(slow);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('0');
  await page.goBack();
  await expect(page).toHaveURL('/search?query=rice');
  await expect(page.getByText(`${all.count} products found`)).toBeVisible(slow);
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();

  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL('/search?query=rice&sort=price_asc&in_stock=true');
  await shows();
});
