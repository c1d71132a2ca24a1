import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openConsoleAsStaff } from './admin-helpers';

// Bulk catalogue changes (issue 27): staff download the catalogue, import a CSV with a mistake,
// see the problem with its line, fix it and apply it; the new product is in the list.

test('staff import a CSV with a mistake, see it by line, fix it and apply it', async ({ page, request }) => {
  test.setTimeout(90_000);
  await openConsoleAsStaff(page, request, '/admin/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();

  // The export: UTF-8 with a byte order mark; its first product gives a real category to use.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download catalogue (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pasal-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync((await download.path())!, 'utf8');
  expect(exported.startsWith('\uFEFF')).toBe(true);
  const [header, first] = exported.slice(1).split('\r\n');
  const cells = first.split(',');
  const columns = header.split(',');
  const category = cells[columns.indexOf('category')];
  const subcategory = cells[columns.indexOf('subcategory')];

  const slug = `csv-chiura-${Date.now()}`;
  const file = (selling: string) => ({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `\uFEFF${header}\r\n${slug},Beaten Rice ${slug},चिउरा,${category},${subcategory},,1 kg,150.00,${selling},9,4,\r\n`,
      'utf8',
    ),
  });
  const input = page.getByLabel('CSV file to import');

  // The mistake: a selling price above the marked price, on line 2.
  await input.setInputFiles(file('175.00'));
  await page.getByRole('button', { name: 'Preview import' }).click();
  const problems = page.getByRole('table', { name: /1 problem/ });
  await expect(problems.getByRole('row').nth(1)).toContainText(
    '2selling_priceSelling price cannot be more than the marked price',
  );
  await expect(page.getByRole('button', { name: 'Apply import' })).toHaveCount(0);

  // Fixed, previewed again, applied.
  await input.setInputFiles(file('140.00'));
  await page.getByRole('button', { name: 'Preview import' }).click();
  await expect(page.getByText('1 rows: 1 new, 0 changed, 0 unchanged.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Changes' })).toContainText('selling_price: 140.00');
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(
    page.getByText('Imported: 1 created, 0 updated, 0 unchanged (1 stock changes recorded).'),
  ).toBeVisible();

  await page.getByLabel('Search products by title, Nepali title, slug or id').fill(slug);
  await expect(
    page.getByRole('table', { name: 'Products' }).getByRole('link', { name: `Beaten Rice ${slug}` }),
  ).toBeVisible();
});
