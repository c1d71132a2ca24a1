import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { allProducts } from './api';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

async function pages(request: Parameters<typeof allProducts>[0]) {
  const product = (await allProducts(request))[0];
  return [
    { name: 'home', path: '/', ready: 'Today Special' },
    { name: 'category', path: '/viewallca/1', ready: 'Category' },
    { name: 'detail', path: `/detail/${product.slug}`, ready: product.title },
    { name: 'search', path: '/search?query=rice', ready: 'Search Results for' },
  ];
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violations (${theme})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    for (const p of await pages(request)) {
      await page.goto(p.path);
      if (theme === 'dark' && p.name === 'home') {
        await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      }
      await expect(page.getByRole('heading', { name: p.ready }).first()).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await seriousViolations(page), `${p.name} (${theme})`).toEqual([]);
    }
  });
}

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
