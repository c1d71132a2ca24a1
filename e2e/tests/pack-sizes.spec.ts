import { expect, test } from '@playwright/test';

// Pack sizes (docs/decisions/052): the demo's Jeera Masino rice comes in 5 kg and 25 kg, each its
// own product with its own page, price, unit price and cart line. At a phone's width.
test.use({ viewport: { width: 360, height: 800 } });

test('a shopper chooses another size: its page, price and unit price show, and it is its own cart line', async ({
  page,
}) => {
  await page.goto('/detail/jeera-masino-rice-5kg');
  const sizes = page.getByRole('group', { name: 'Size' });
  const five = sizes.getByRole('link', { name: /^5 kg/ });
  const twentyFive = sizes.getByRole('link', { name: /^25 kg/ });
  await expect(five).toHaveAttribute('aria-current', 'page');
  await expect(twentyFive).toContainText('Rs 102/kg');
  // Touch targets of 44 px at least, at 360 px wide.
  for (const choice of [five, twentyFive]) {
    const box = (await choice.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
  await expect(page.locator('main').getByText('Rs 116/kg', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

  await twentyFive.click();
  await expect(page).toHaveURL(/\/detail\/jeera-masino-rice-25kg$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jeera Masino Rice 25 kg' })).toBeVisible();
  await expect(sizes.getByRole('link', { name: /^25 kg/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Rs. 2,550', { exact: true })).toBeVisible();
  await expect(page.getByText('Rs 102/kg', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // Back returns to the size before.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Jeera Masino Rice 5 kg' })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Jeera Masino Rice 5 kg' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Jeera Masino Rice 25 kg' })).toHaveCount(1);
});

test('product cards show the unit price', async ({ page }) => {
  await page.goto('/search?query=jeera%20masino');
  const card = page.getByRole('article', { name: 'Jeera Masino Rice 25 kg' });
  await expect(card.getByText('Rs 102/kg', { exact: true })).toBeVisible();
});
