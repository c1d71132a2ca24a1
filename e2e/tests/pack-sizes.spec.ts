import { expect, test } from '@playwright/test';
import { openConsoleAsStaff } from './admin-helpers';
import { allProducts } from './api';

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
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

  await twentyFive.click();
  await expect(page).toHaveURL(/\/detail\/jeera-masino-rice-25kg$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jeera Masino Rice 25 kg' })).toBeVisible();
  await expect(sizes.getByRole('link', { name: /^25 kg/ })).toHaveAttribute('aria-current', 'page');
  // The page's own price (a phone also shows it in the buy bar).
  await expect(page.getByText('Rs. 2,550', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Rs 102/kg', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
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

test('staff make a product a size of another in the console, the shop offers both, and staff undo it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const products = await allProducts(request);
  const gold = products.find((p) => p.slug === 'tokla-gold-tea-200g')!;
  const tea = products.find((p) => p.slug === 'tokla-tea-500g')!;
  await openConsoleAsStaff(page, request, `/admin/products/${gold.id}`);
  const panel = page.getByRole('region', { name: 'Sizes' });
  await expect(panel.getByText(/^Sold in one size/)).toBeVisible();
  await panel.getByLabel('Find a product').fill('Tokla Tea 500');
  const choice = panel.getByLabel('Product', { exact: true });
  await expect(choice.locator(`option[value="${tea.id}"]`)).toBeAttached();
  await choice.selectOption(String(tea.id));
  await panel.getByRole('button', { name: 'Make a size of the chosen product' }).click();
  await expect(panel.getByRole('link', { name: tea.title })).toBeVisible();

  await page.goto(`/detail/${gold.slug}`);
  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('link', { name: /^200 g/ })).toHaveAttribute('aria-current', 'page');
  await expect(sizes.getByRole('link', { name: /^500 g/ })).toBeVisible();

  await page.goto(`/admin/products/${gold.id}`);
  await panel.getByRole('button', { name: 'Remove from these sizes' }).click();
  await expect(panel.getByText(/^Sold in one size/)).toBeVisible();
  await page.goto(`/detail/${tea.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: tea.title })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Size' })).toHaveCount(0);
});
