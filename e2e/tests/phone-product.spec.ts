import { expect, type Page, test } from '@playwright/test';
import { allProducts } from './api';

// Issue 24 on a phone: the product page's buy bar and picture gallery, and the recently viewed row.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

/**
 * The layout shifts so far of the page's content (`main`; the header's own, when its language
 * and account controls settle, are not this page's concern).
 */
const contentShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node }[];
        };
        const main = document.querySelector('main');
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[])
            if (!entry.hadRecentInput && entry.sources.some((s) => s.node && main?.contains(s.node)))
              total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );

/** A finger swiping right to left across the middle of the screen (real touch events, through CDP). */
async function swipeLeft(page: Page) {
  const { width, height } = page.viewportSize() ?? { width: 360, height: 740 };
  const cdp = await page.context().newCDPSession(page);
  const y = Math.round(height / 2);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', Math.round(width * 0.8));
  for (let step = 1; step <= 8; step++) await touch('touchMove', Math.round(width * (0.8 - step * 0.075)));
  await touch('touchEnd', Math.round(width * 0.2));
  await cdp.detach();
}

test('recently viewed, the sticky Add to Cart and the full-screen gallery at 360 px', async ({
  page,
  request,
}) => {
  // Three pages and a gallery on a shared, busy machine.
  test.setTimeout(60_000);
  const [first, second] = (await allProducts(request)).filter((p) => p.total_available_quantity > 5);

  await page.goto(`/detail/${first.slug}`);
  await expect(page.getByRole('heading', { name: first.title, level: 1 })).toBeVisible();
  await page.goto(`/detail/${second.slug}`);
  await expect(page.getByRole('heading', { name: second.title, level: 1 })).toBeVisible();

  // The product page lists the other product, not itself.
  const recent = page.getByRole('region', { name: 'Recently viewed' });
  await expect(recent.getByRole('article', { name: first.title })).toBeVisible();
  await expect(recent.getByRole('article', { name: second.title })).toHaveCount(0);
  // The row arrived last, at the foot: nothing moved.
  expect(await contentShift(page)).toBe(0);

  // Scrolled down, the page's own Add to Cart is out of view: the bar offers the price and its own.
  const bar = page.getByRole('region', { name: `Buy ${second.title}` });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true }).first()).not.toBeInViewport();
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(/Rs\. [\d,.]+/);
  await bar.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  // With the page's own button on screen, the bar goes.
  const own = page.getByRole('main').getByRole('button', { name: 'Add to Cart', exact: true }).first();
  await own.scrollIntoViewIfNeeded();
  await expect(bar).toHaveCount(0);
  await expect(own).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));

  // A tap on the picture opens the gallery; a swipe shows the next picture, the arrow key the one
  // before; Escape closes it and the page is back.
  const firstPicture = await page.locator('.zoom-main img').getAttribute('src');
  await page.getByRole('img', { name: second.title, exact: true }).tap();
  const gallery = page.getByRole('dialog', { name: `Pictures of ${second.title}` });
  await expect(gallery).toBeVisible();
  // The picture on show (the others are inert).
  const current = gallery.locator('.yarl__slide_current');
  await expect(current).toHaveAttribute('aria-label', 'Picture 1 of 2');
  await swipeLeft(page);
  await expect(current).toHaveAttribute('aria-label', 'Picture 2 of 2');
  await page.keyboard.press('ArrowLeft');
  await expect(current).toHaveAttribute('aria-label', 'Picture 1 of 2');
  await page.keyboard.press('ArrowRight');
  await expect(current).toHaveAttribute('aria-label', 'Picture 2 of 2');
  await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);
  // The page's main picture is the one last seen in the gallery.
  await expect(page.locator('.zoom-main img')).not.toHaveAttribute('src', firstPicture ?? '');

  // Home lists both, the latest first.
  await page.goto('/');
  const homeRecent = page.getByRole('region', { name: 'Recently viewed' });
  await expect(homeRecent.getByRole('article')).toHaveCount(2);
  await expect(homeRecent.getByRole('article').first()).toHaveAccessibleName(second.title);
  await expect(homeRecent.getByRole('article').nth(1)).toHaveAccessibleName(first.title);
  expect(await contentShift(page)).toBe(0);
});
