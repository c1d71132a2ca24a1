import { type BrowserContext, expect, type Page } from '@playwright/test';

/** Waits until the service worker controls the page (it registers after the first screen). */
export async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 40_000,
  });
}

/** Waits until the catalogue answers at `pathPart` are in the worker's catalogue cache. */
export async function kept(page: Page, pathPart: string) {
  await expect
    .poll(
      () =>
        page.evaluate(async (part) => {
          const cache = await caches.open('pasal-catalogue');
          return (await cache.keys()).some((r) => r.url.includes(part));
        }, pathPart),
      { timeout: 30_000 },
    )
    .toBe(true);
}

export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

export async function goOnline(context: BrowserContext, page: Page) {
  await context.setOffline(false);
  await page.waitForFunction(() => navigator.onLine);
}
