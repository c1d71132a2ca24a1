import { expect, type Page, test } from '@playwright/test';

// Pictures sized to their slots (decision 016, third round): on a phone the banner and the
// category tiles come from the server's narrower copies; the page's largest picture is never lazy.
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

test('on a phone the first banner is an eager, high-priority copy as wide as the screen, preloaded', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Offers' }).getByRole('img').first();
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('srcset', /\/media\/w\/800\/banners\/\S+ 800w/);
  await expect(banner).toHaveAttribute('loading', 'eager');
  await expect(banner).toHaveAttribute('fetchpriority', 'high');
  // 388 CSS pixels at 1.75: the 800 px copy, not the 1600 px file.
  await expect
    .poll(() => banner.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\/media\/w\/800\//);
  // The page the server sends preloads the same file (the same srcset and sizes), so it is fetched once.
  const preload = page.locator('link[rel="preload"][as="image"][imagesrcset]').first();
  await expect(preload).toHaveAttribute('imagesrcset', (await banner.getAttribute('srcset')) ?? '');
  await expect(preload).toHaveAttribute('imagesizes', (await banner.getAttribute('sizes')) ?? '');
});

test('category tiles take the 96 px copy for their 48 px circle', async ({ page }) => {
  await page.goto('/');
  const tile = page.getByRole('navigation', { name: 'Categories' }).locator('img').first();
  await expect(tile).toBeVisible();
  await expect
    .poll(() => tile.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\/media\/w\/96\/categories\//);
});

test("the product's picture is eager and high priority; its Nepali name gets the shop's Devanagari font", async ({
  page,
}) => {
  await page.goto('/detail/2pm-spicy-noodles-90g');
  const picture = page.getByRole('img', { name: '2PM Spicy Korean Noodles 90 g', exact: true });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('loading', 'eager');
  await expect(picture).toHaveAttribute('fetchpriority', 'high');
  await expect(page.getByText('२पीएम स्पाइसी कोरियन चाउचाउ ९० ग्राम')).toBeVisible();
  // Declared once the page has loaded (not before the picture), and then fetched for that text.
  await expect.poll(() => devanagariFont(page)).toBe('loaded');
});

test("a product page's picture shows before its scripts have run, and the page's own takes its place", async ({
  page,
}) => {
  // Scripts held back, as on a slow line: the document alone already shows the picture (decision 069).
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/detail/2pm-spicy-noodles-90g');
  const shellPicture = page.locator('.app-shell-picture img');
  await expect(shellPicture).toBeVisible();
  await expect
    .poll(() => shellPicture.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // Hidden from assistive technology: the page's own picture, with its name, comes with the app.
  await expect(page.getByRole('img')).toHaveCount(0);
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('img', { name: '2PM Spicy Korean Noodles 90 g', exact: true })).toBeVisible();
  await expect(shellPicture).toHaveCount(0);
});

for (const [name, path] of [
  ['category', '/viewallca/1'],
  ['search', '/search?query=rice'],
] as const) {
  test(`a ${name} page's first cards' pictures show before its scripts have run, and the cards take their place`, async ({
    page,
  }) => {
    // Scripts held back: the document alone shows the first two cards' pictures (decision 072).
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(path);
    const shellPictures = page.locator('.app-shell-card img');
    await expect(shellPictures).toHaveCount(2);
    for (const img of await shellPictures.all()) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(page.getByRole('img')).toHaveCount(0);
    const shellSrc = await shellPictures.first().getAttribute('src');
    const shellWidth = (await shellPictures.first().boundingBox())?.width ?? 0;

    await page.unrouteAll();
    await page.reload();
    const firstCard = page.locator('article.product-card img').first();
    await expect(firstCard).toBeVisible();
    await expect(shellPictures).toHaveCount(0);
    // The same file as the shell's (the card's own rule picked it), so it is fetched once; and no
    // larger, so the page's largest paint stays the shell's.
    await expect(firstCard).toHaveAttribute('src', shellSrc ?? '');
    expect((await firstCard.boundingBox())?.width).toBeLessThanOrEqual(shellWidth);
  });
}

test('a page without Nepali text leaves the Devanagari font undeclared until Nepali text appears', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'New Arrivals' })).toBeVisible();
  // The toasts' container comes after the first screen, as the font's declaration would.
  await expect(page.locator('.Toastify')).toBeAttached();
  expect(await devanagariFont(page)).toBe('undeclared');

  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('2PM');
  await search.press('Enter');
  await page
    .getByRole('link', { name: /2PM Spicy Korean Noodles 90 g/ })
    .first()
    .click();
  await expect(page.getByText('२पीएम स्पाइसी कोरियन चाउचाउ ९० ग्राम')).toBeVisible();
  await expect.poll(() => devanagariFont(page)).toBe('loaded');
});

/** The shop's Devanagari face: "undeclared", or its FontFace status ("unloaded", "loaded"…). */
function devanagariFont(page: Page): Promise<string> {
  return page.evaluate(() => {
    let status = 'undeclared';
    document.fonts.forEach((f) => {
      if (f.family.replaceAll('"', '') === 'Pasal Devanagari') status = f.status;
    });
    return status;
  });
}
