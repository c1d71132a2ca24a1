import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { createUser, loginInUi } from './accounts-helpers';
import { openConsoleAsStaff } from './admin-helpers';
import { allProducts } from './api';
import { apiLogin, plainProducts, serverCart } from './cart-helpers';

// The console's catalogue screens (issue 11): staff change the shop from the browser, shoppers see it.

/** A unique word for names made by this run (letters only, so a search finds exactly it). */
function tag(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let out = '';
  while (n > 0) {
    out += letters[n % 26];
    n = Math.floor(n / 26);
  }
  return `Zq${out}`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small real PNG: a 48×48 square of one colour, made here so the test needs no file. */
function png(rgb: [number, number, number], size = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Nepal wall-clock time (UTC+05:45) `minutes` from now, as a datetime-local input holds it. */
function nepalLocal(minutes: number): string {
  return new Date(Date.now() + (5 * 60 + 45 + minutes) * 60_000).toISOString().slice(0, 16);
}

/** Fills the new-product form and creates it; answers the product's id. */
async function createProduct(page: Page, title: string, prices: { marked: string; selling: string }) {
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
  await page.getByLabel('Title (English)').fill(title);
  await page.getByLabel('Nepali title').fill('फापरको पिठो');
  const category = page.getByLabel('Category');
  const firstCategory = await category.locator('option').nth(1).getAttribute('value');
  await category.selectOption(firstCategory!);
  await page.getByLabel('Unit').fill('1 kg');
  await page.getByLabel('Marked price (Rs)').fill(prices.marked);
  await page.getByLabel('Selling price (Rs)').fill(prices.selling);
  await page.getByLabel('Initial stock').fill('25');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  return Number(/(\d+)$/.exec(page.url())![1]);
}

test('staff create a product with a picture and a flash sale; a shopper finds it by search at the sale price', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const word = tag();
  const title = `${word} Buckwheat Flour`;
  await openConsoleAsStaff(page, request, '/admin/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await createProduct(page, title, { marked: '520', selling: '480.50' });

  await page.getByLabel('Add a picture').setInputFiles({
    name: 'buckwheat.png',
    mimeType: 'image/png',
    buffer: png([180, 120, 60]),
  });
  await expect(page.getByText('Picture added')).toBeVisible();
  const picture = page.getByRole('img', { name: `${title} (1 of 1)` });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', /\.webp$/);
  await expect(page.getByText('Primary', { exact: true })).toBeVisible();

  // Stock moves only by adjustments with a reason, listed under it.
  await page.getByLabel('Units (negative takes away)').fill('-5');
  await page.getByLabel('Reason').fill('Two bags torn in delivery');
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(page.getByText('Stock is now 20')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Two bags torn in delivery' })).toContainText('-5');

  // The flash sale, found through the product picker; its window is typed in Nepal time.
  await page.getByRole('navigation').getByRole('link', { name: 'Flash sales' }).click();
  await expect(page.getByRole('heading', { name: 'Flash sales', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New flash sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'New flash sale' });
  await dialog.getByLabel('Find a product').fill(word);
  await expect(dialog.getByText('1 found')).toBeVisible();
  await dialog.getByLabel('Product', { exact: true }).selectOption({ label: `${title} (regular Rs 480.50)` });
  // A price at the regular one is refused before anything is sent.
  await dialog.getByLabel('Sale price (Rs)').fill('480.50');
  await dialog.getByLabel('Starts (Nepal time)').fill(nepalLocal(-60));
  await dialog.getByLabel('Ends (Nepal time)').fill(nepalLocal(24 * 60));
  await dialog.getByRole('button', { name: 'Create flash sale' }).click();
  await expect(dialog.getByLabel('Sale price (Rs)')).toHaveAccessibleDescription(
    /The sale price must be below the regular selling price \(Rs 480\.50\)/,
  );
  await dialog.getByLabel('Sale price (Rs)').fill('399');
  await dialog.getByRole('button', { name: 'Create flash sale' }).click();
  await expect(page.getByText('Flash sale created')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Rs 399.00');
  await expect(row).toContainText('running');

  // A shopper (no session) searches for it and sees the sale price.
  const shopper = await browser.newPage();
  try {
    await shopper.goto('/');
    await shopper.getByRole('combobox', { name: 'Search products' }).fill(word);
    await shopper.getByRole('button', { name: 'Search', exact: true }).click();
    const results = shopper.getByRole('list', { name: 'Search results' });
    const card = results.getByRole('article', { name: title, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByText('Rs 399', { exact: true })).toBeVisible();
    // The picture is the card's (decorative) image, served as the resized WebP.
    await expect(card.locator('img').first()).toHaveAttribute('src', /\.webp$/);
  } finally {
    await shopper.close();
  }
});

test('staff create a voucher and a customer applies it in the cart', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const code = `E2E_${tag()}`.toUpperCase();
  await openConsoleAsStaff(page, request, '/admin/vouchers');
  await expect(page.getByRole('heading', { name: 'Vouchers', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New voucher' }).click();
  const dialog = page.getByRole('dialog', { name: 'New voucher' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Type').selectOption('Amount');
  await dialog.getByLabel('Amount off (Rs)').fill('25');
  await dialog.getByLabel('Minimum order value (Rs)').fill('0');
  await dialog.getByLabel('Per-customer limit').fill('1');
  await dialog.getByRole('button', { name: 'Create voucher' }).click();
  await expect(page.getByText('Voucher created')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Rs 25.00 off');
  await expect(row).toContainText('0 of unlimited');
  await expect(row).toContainText('Live');

  // A new customer with one product in the cart applies the code, typed in lower case.
  const customer = await createUser(request, 'voucher');
  const token = await apiLogin(request, customer.email, customer.password);
  const [product] = await plainProducts(request);
  await serverCart(request, token).add(product.id, 1);
  const context = await browser.newContext();
  const shopper = await context.newPage();
  try {
    await loginInUi(shopper, customer.email, customer.password);
    await shopper.goto('/cart');
    await shopper.getByLabel('Enter promo code').fill(code.toLowerCase());
    await shopper.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(shopper.getByText('Promo code applied successfully!')).toBeVisible();
    await expect(
      shopper.getByRole('region', { name: 'Order Summary' }).getByText(`Discount (${code})`),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});

test('two staff edit the same product: the second save sees the first one’s change, not overwrite it', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const title = `${tag()} Mustard Oil`;
  await openConsoleAsStaff(page, request, '/admin/products');
  const id = await createProduct(page, title, { marked: '300', selling: '280' });

  // Both open the product at the same version.
  const other = await context.newPage();
  await other.goto(`/admin/products/${id}`);
  await expect(other.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Selling price (Rs)')).toHaveValue('280');

  await other.getByLabel('Selling price (Rs)').fill('265');
  await other.getByRole('button', { name: 'Save changes' }).click();
  await expect(other.getByText('Product saved')).toBeVisible();

  await page.getByLabel('Title (English)').fill(`${title} 1 L`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const notice = page.getByRole('alert').filter({
    has: page.getByRole('heading', { name: 'Someone else changed this since you opened it' }),
  });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('row', { name: /Selling price/ })).toContainText('265');
  // Nothing was overwritten: the product keeps the other edit and the old title.
  await notice.getByRole('button', { name: 'Load their version' }).click();
  await expect(page.getByLabel('Selling price (Rs)')).toHaveValue('265');
  await expect(page.getByLabel('Title (English)')).toHaveValue(title);

  // Made again on their version, the edit goes through and keeps their price.
  await page.getByLabel('Title (English)').fill(`${title} 1 L`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${title} 1 L`, level: 1 })).toBeVisible();
  await expect(page.getByLabel('Selling price (Rs)')).toHaveValue('265');

  // Deactivating asks first, then hides the product from the shop.
  const shopTitles = async () => (await allProducts(request)).map((p) => p.title);
  expect(await shopTitles()).toContain(`${title} 1 L`);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate this product?' });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Product hidden from the shop')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();
  expect(await shopTitles()).not.toContain(`${title} 1 L`);
});
