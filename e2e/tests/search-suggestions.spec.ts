import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-axe';

// The search box's suggestions: an ARIA combobox a phone-sized screen, a keyboard and axe accept.
test.use({ viewport: { width: 360, height: 740 } });

test('suggestions while typing: products and categories in both scripts, keyboard and axe', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.click();
  await page.keyboard.type('chamal', { delay: 30 });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(options.first()).toContainText('चामल');
  expect(await options.count()).toBeLessThanOrEqual(8);
  await expect(list.getByRole('option', { name: /^Rice चामल.*Category/ })).toBeVisible();
  // Within the 360 px screen.
  const box360 = await list.boundingBox();
  expect(box360!.x).toBeGreaterThanOrEqual(0);
  expect(box360!.x + box360!.width).toBeLessThanOrEqual(360);
  expect(await axeViolations(page, ['header'])).toEqual([]);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const chosen = options.nth(1);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id'))!);
  await expect(box).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/detail\/|\/viewallca\//);

  await box.fill('');
  await box.pressSequentially('basmti', { delay: 30 });
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/search?query=basmti');
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('article').first(),
  ).toHaveAccessibleName(/Basmati Rice/);
});

test('a search with no result offers the closest spellings and the categories', async ({ page }) => {
  await page.goto('/search?query=ricw');
  await expect(page.getByText('0 products found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await page.getByRole('link', { name: 'rice', exact: true }).click();
  await expect(page).toHaveURL('/search?query=rice');
  await expect(page.getByText(/^[1-9]\d* products found$/)).toBeVisible();
  await page.goBack();
  const categories = page.getByRole('navigation', { name: 'Browse the categories' });
  await expect(categories.getByRole('link').first()).toBeVisible();
});
