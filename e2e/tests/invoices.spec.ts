import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { openConsoleAsStaff } from './admin-helpers';
import { moveOrder, newShopper, placeOrder, signIn, someProducts } from './orders-helpers';

// VAT bills (docs/back-office-vat.md, decision 060): a delivered order has its tax invoice, a PDF
// made on the server, downloaded by the customer from the order page and by staff from the console.

/** Clicks the button and returns the downloaded file's name and bytes. */
async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test('a delivered order: the customer downloads its tax invoice from the order page, staff from the console', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const shopper = await newShopper(request, 'invoice');
  const [product] = await someProducts(request, 30, 1);
  const order = await placeOrder(request, shopper, [[product, 2]]);

  // Not delivered yet: no invoice to offer.
  await signIn(page, shopper);
  await page.goto(`/orders/${order.order_id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.tracking_id}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download tax invoice (PDF)' })).toHaveCount(0);

  for (const status of ['Packed', 'Out for Delivery', 'Delivered'])
    await moveOrder(request, order.order_id, status);
  await page.reload();
  const mine = await download(page, 'Download tax invoice (PDF)');
  expect(mine.name).toMatch(/\.pdf$/);
  expect(mine.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The same invoice as a page to print: its figures, the total in words in both languages, and
  // printed, nothing of the site around it.
  await page.getByRole('link', { name: 'View and print the tax invoice' }).click();
  await expect(page.getByRole('heading', { name: 'Tax invoice', level: 1 })).toBeVisible();
  const sheet = page.locator('.invoice-sheet');
  await expect(sheet.getByRole('cell', { name: product.title, exact: false })).toBeVisible();
  await expect(sheet.getByText(/^In words: Rupees .+ Only$/)).toBeVisible();
  await expect(sheet.getByText(/^अक्षरेपी: रु\. .+ मात्र$/)).toBeVisible();
  const number = await sheet.locator('dd').first().textContent();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  const staffPage = await browser.newPage();
  await openConsoleAsStaff(staffPage, request, `/admin/orders/${order.order_id}`);
  const staffCopy = await download(staffPage, 'Tax invoice (PDF)');
  expect(staffCopy.name).toBe(mine.name);
  expect(staffCopy.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await staffPage.getByRole('link', { name: 'Tax invoice (page)' }).click();
  await expect(staffPage.getByRole('heading', { name: 'Tax invoice', level: 1 })).toBeVisible();
  await expect(staffPage.locator('.invoice-sheet dd').first()).toHaveText(number ?? '');
  await staffPage.close();
});
