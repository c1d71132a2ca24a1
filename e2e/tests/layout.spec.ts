import { expect, test } from '@playwright/test';
import { allProducts } from './api';

async function pages(request: Parameters<typeof allProducts>[0]) {
  const product = (await allProducts(request))[0];
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: '/viewallca/1' },
    { name: 'detail', path: `/detail/${product.slug}` },
    { name: 'search', path: '/search?query=rice' },
  ];
}

// The accessibility matrix (a11y.spec.ts) checks every screen at 360 and 1280 px; this covers the
// tablet width between them on the product pages.
for (const width of [360, 768, 1280]) {
  test(`no horizontal scrolling at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const p of await pages(request)) {
      await page.goto(p.path);
      await expect(page.getByRole('article').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${p.name} at ${width}px`).toBeLessThanOrEqual(0);
    }
  });
}
