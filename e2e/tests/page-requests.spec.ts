import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { controlledByWorker, kept } from './offline-helpers';

// Issue 25: on a slow line every request costs. A page asks the API for each thing once: the
// answers the server writes into the page and those the early script asked for are taken, not asked
// again, and a first visit's answers reach the service worker without a second round trip.

const SLUG = '2pm-spicy-noodles-90g';
const FEATURED = '/api/ecommerce/category/featured';
const DETAIL = `/api/ecommerce/product/detail/${SLUG}/`;

/** The API addresses the page asks for, and those the service worker asks the network for. */
function recordApiRequests(page: Page, context: BrowserContext) {
  const asked: string[] = [];
  const workerAsked: string[] = [];
  const api = (raw: string) => {
    const url = new URL(raw);
    return url.pathname.startsWith('/api/') ? `${url.pathname}${url.search}` : null;
  };
  page.on('request', (request) => {
    const url = api(request.url());
    if (url) asked.push(url);
  });
  context.on('request', (request) => {
    const url = api(request.url());
    if (url && request.serviceWorker()) workerAsked.push(url);
  });
  return {
    asked,
    workerAsked,
    /** Forgets what was asked so far (before a navigation). */
    clear: () => {
      asked.length = 0;
      workerAsked.length = 0;
    },
  };
}

/** The addresses asked for more than once. */
function repeated(urls: string[]): string[] {
  return [...new Set(urls.filter((url, i) => urls.indexOf(url) !== i))];
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
}

test('a product page and a navigation ask for each thing once', async ({ page, context }) => {
  const requests = recordApiRequests(page, context);
  await page.goto(`/detail/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible();
  await settled(page);
  expect(repeated(requests.asked)).toEqual([]);
  expect(requests.asked.filter((url) => url === FEATURED)).toHaveLength(1);
  // The server wrote the product into the page.
  expect(requests.asked).not.toContain(DETAIL);

  // To a category through the strip, then to one of its products: the strip stays as it is.
  requests.clear();
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/viewallca\//);
  await expect(page.getByRole('article').first()).toBeVisible();
  await settled(page);
  expect(repeated(requests.asked)).toEqual([]);
  expect(requests.asked).not.toContain(FEATURED);

  requests.clear();
  await page.locator('.product-card .stretched-link').first().click();
  await expect(page).toHaveURL(/\/detail\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
  expect(repeated(requests.asked)).toEqual([]);
  expect(requests.asked).not.toContain(FEATURED);
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test("a first visit's answers reach the worker without being asked for again", async ({
    page,
    context,
  }) => {
    const requests = recordApiRequests(page, context);
    await page.goto(`/detail/${SLUG}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await controlledByWorker(page);
    // Kept for offline all the same (decision 048).
    await kept(page, FEATURED);
    await kept(page, DETAIL);
    await settled(page);
    expect(repeated(requests.asked)).toEqual([]);
    expect(requests.asked.filter((url) => url === FEATURED)).toHaveLength(1);
    expect(requests.asked).not.toContain(DETAIL);
    expect(requests.workerAsked).toEqual([]);

    // Once it controls the page, a navigation's reads go through it: each once.
    requests.clear();
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first().click();
    await expect(page.getByRole('article').first()).toBeVisible();
    await settled(page);
    expect(repeated(requests.asked)).toEqual([]);
    expect(repeated(requests.workerAsked)).toEqual([]);
  });
});
