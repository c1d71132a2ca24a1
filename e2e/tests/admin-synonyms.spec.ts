import { expect, test } from '@playwright/test';
import { openConsoleAsStaff } from './admin-helpers';

// The console's search synonyms (decision 040): a group staff add is what the shop's search uses.

/** A word of letters only, new on each run, so only the synonym can make it find anything. */
const newWord = () =>
  `zq${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;

test('staff add a synonym group, the shop finds a product by it, and staff delete it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const word = newWord();
  await openConsoleAsStaff(page, request, '/admin/search-synonyms');
  await expect(page.getByRole('heading', { name: 'Search synonyms', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New synonym group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New synonym group' });
  await dialog.getByLabel('Words').fill(`${word}, basmati`);
  await dialog.getByRole('button', { name: 'Create synonym group' }).click();
  await expect(page.getByText('Synonym group created')).toBeVisible();
  const group = `${word} = basmati`;
  await expect(page.getByRole('row').filter({ hasText: word })).toContainText(group);

  await page.goto(`/search?query=${word}`);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('article', { name: /Basmati/ }).first()).toBeVisible();

  await page.goto('/admin/search-synonyms');
  await page.getByRole('button', { name: `Delete ${group}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${group}?` })
    .getByRole('button', { name: 'Delete synonym group' })
    .click();
  await expect(page.getByText('Synonym group deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: word })).toHaveCount(0);
});
