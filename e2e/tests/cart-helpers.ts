import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const ROOT = '/api/ecommerce';
export const DEMO = { phone: '9800000001', password: 'Demo@1234' };

export interface ShopProduct {
  id: number;
  slug: string;
  title: string;
  selling_price: number;
  total_available_quantity: number;
}

/** Products the tests can price exactly: in stock and not in a running flash sale. */
export async function plainProducts(request: APIRequestContext): Promise<ShopProduct[]> {
  // The product list is paged (at most 100 a page): follow `next` to the end.
  const all: ShopProduct[] = [];
  let path: string | null = `${ROOT}/products?page_size=100`;
  while (path) {
    const page = (await (await request.get(path)).json()) as { results: ShopProduct[]; next: string | null };
    all.push(...page.results);
    path = page.next;
  }
  const sales = (await (await request.get(`${ROOT}/flash-sale/`)).json()) as {
    results: { flash_sales: { product: { id: number } }[] };
  };
  const onSale = new Set(sales.results.flash_sales.map((s) => s.product.id));
  return all.filter((p) => !onSale.has(p.id) && p.total_available_quantity > 0);
}

export async function apiLogin(request: APIRequestContext, id: string, password: string): Promise<string> {
  const res = await request.post(`${ROOT}/login/`, { data: { phone_or_email: id, password } });
  expect(res.ok(), `login: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

interface CartLine {
  product: number;
  quantity: number;
  rate: number;
}

/** The customer's server cart, straight from the API. */
export function serverCart(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async lines(): Promise<[number, number][]> {
      const res = await request.get(`${ROOT}/cart/`, { headers });
      const body = (await res.json()) as { results: { cart_products: CartLine[] }[] };
      return body.results[0].cart_products.map((l) => [l.product, l.quantity]);
    },
    async clear() {
      expect((await request.delete(`${ROOT}/cart/clear/`, { headers })).ok()).toBeTruthy();
    },
    async add(product: number, quantity: number) {
      const res = await request.post(`${ROOT}/cart/add/`, {
        headers,
        data: { cart_products: [{ product, quantity }] },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    },
    async wishlist(): Promise<number[]> {
      const res = await request.get(`${ROOT}/list/wishlist/`, { headers });
      return ((await res.json()) as { results: { product: number }[] }).results.map((e) => e.product);
    },
  };
}

const KEY = 'persist:pasal';

/** One slice as redux-persist keeps it in localStorage. */
export async function persisted<T>(page: Page, slice: string): Promise<T> {
  return page.evaluate(
    ({ key, slice }) => {
      const record = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
      return JSON.parse(record[slice] ?? 'null');
    },
    { key: KEY, slice },
  );
}

/** Adds `quantity` of a product from its detail page (the stepper, then Add to Cart). */
export async function addFromDetail(page: Page, product: ShopProduct, quantity: number) {
  await page.goto(`/detail/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  for (let i = 1; i < quantity; i++) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('status', { name: 'Quantity' })).toHaveText(String(quantity));
  // The page's own button (on a phone the buy bar has one too, after it).
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await expect(page.getByText('Item added to cart!').first()).toBeVisible();
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Every WCAG 2.0–2.2 A/AA violation axe finds, of any impact, one line each. The footer is left to
 * the accessibility matrix (e2e/tests/a11y-screens.ts): its phone links' 24 px targets are fixed
 * there, and it is the same on every page.
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // Only violations are read: axe need not describe every passing node (as in a11y-axe.ts);
  // options() replaces every option, so it comes before withTags().
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .exclude('footer')
    .setLegacyMode(true);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map(
    (v) =>
      `${v.id} [${v.impact}] ${v.help}: ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** Sets the theme by the header's switch (it is kept in the persisted state). */
export async function useTheme(page: Page, mode: 'light' | 'dark') {
  const html = page.locator('html');
  if ((await html.getAttribute('data-bs-theme')) !== mode) {
    await page.getByRole('button', { name: `Switch to ${mode} mode` }).click();
  }
  await expect(html).toHaveAttribute('data-bs-theme', mode);
}

/**
 * Axe in both themes at 360 and 1280 px, on the page as it stands (less `exclude`, parts other
 * screens own); the page must not scroll sideways.
 */
/** Waits (at most 3 s) for finite animations to end, e.g. colours fading after a theme switch:
 * axe must judge the colours a shopper sees, not a frame in between. Toast timers are left out. */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => {
          if (a.playState !== 'running') return true;
          const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
          if (target?.closest('.Toastify__progress-bar, .spinner-border, .placeholder-glow')) return true;
          return a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY;
        }),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
}

export async function axeEverywhere(page: Page, name: string, exclude: string[] = []) {
  const found: string[] = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme);
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) found.push(`${name} ${theme} ${width}px: scrolls sideways by ${overflow}px`);
      for (const v of await axeViolations(page, exclude)) found.push(`${name} ${theme} ${width}px: ${v}`);
    }
  }
  await useTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}
