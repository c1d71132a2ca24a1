import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUser, loginInUi } from './accounts-helpers';
import { addFromDetail, plainProducts, type ShopProduct } from './cart-helpers';
import {
  addressesOf,
  deliveryChargeOf,
  ensureAddress,
  loginShopper,
  orderPaymentOf,
  rs2,
  type Shopper,
  setCart,
  walletProduct,
} from './checkout-helpers';

// Issues 9 and 10, storefront: /checkout from an empty address book to a placed cash order, and
// online payment through the eSewa and Khalti simulators, including a failed payment paid again.
// One fresh customer (its own cart, addresses and orders), one test after another.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let shopper: Shopper;
test.beforeAll(async ({ request }) => {
  // Its own customer, not the accessibility matrix's (checkoutShopper): this one starts with no
  // address and no order.
  shopper = await loginShopper(request, await createUser(request, 'checkout-flow'));
});

const paisa = (rupees: number) => Math.round(rupees * 100);

/** Two products that together reach WELCOME10's Rs 500 and stay under the free-delivery Rs 1,500. */
async function twoProducts(request: APIRequestContext): Promise<[ShopProduct, ShopProduct]> {
  // The demo catalogue's products first (the lowest ids): products other tests create while this
  // one runs may have their price changed under it (the console's tests edit theirs).
  const products = (await plainProducts(request))
    .filter((p) => p.total_available_quantity > 5)
    .sort((x, y) => x.id - y.id);
  for (const a of products)
    for (const b of products) {
      const sum = a.selling_price + b.selling_price;
      if (a.id < b.id && sum >= 600 && sum <= 1300) return [a, b];
    }
  throw new Error('no pair of products between Rs 600 and Rs 1,300');
}

const summaryOf = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
const amount = (page: Page, label: string) =>
  summaryOf(page).getByText(label, { exact: true }).locator('xpath=following-sibling::dd');

test('a new customer adds an address through the cascade, applies WELCOME10 and places a cash order', async ({
  page,
  request,
}) => {
  const [a, b] = await twoProducts(request);
  await loginInUi(page, shopper.phone, shopper.password);
  await addFromDetail(page, a, 1);
  await addFromDetail(page, b, 1);
  await page.getByRole('link', { name: /^Cart, 2 items$/ }).click();
  await page.getByRole('link', { name: 'Proceed to Checkout →' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByText('No saved addresses found. Please add a delivery address.')).toBeVisible();
  const place = page.getByRole('button', { name: 'Place Order' });
  await expect(place).toBeDisabled();

  // The address modal's cascade: province → district → local level → station.
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New Address' });
  await modal.getByRole('button', { name: 'Save Address' }).click();
  await expect(modal.getByRole('alert')).toHaveText(
    'Please fill in all required fields including province selection.',
  );
  await modal.getByLabel('Full name *').fill('Sita Sharma');
  await modal.getByLabel('Phone *').fill(shopper.phone);
  await modal.getByLabel('Location (street, tole, house) *').fill('Kirtipur 3, Naya Bazar');
  await modal.getByLabel('Province *').selectOption({ label: 'Bagmati Province' });
  await modal.getByLabel('District *').selectOption({ label: 'Kathmandu' });
  await modal.getByLabel('Municipality').selectOption({ label: 'Kirtipur' });
  const station = modal.getByLabel('Delivery station');
  await expect(station.getByRole('option', { name: /^Kalanki Station/ })).toBeAttached();
  await station.selectOption({
    label: (await station.getByRole('option', { name: /^Kalanki Station/ }).textContent()) ?? '',
  });
  await modal.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address added successfully!')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('radio', { name: /Sita Sharma/ })).toBeChecked();

  // The server's delivery charge for that address and these lines.
  const [address] = await addressesOf(request, shopper);
  const lines: [ShopProduct, number][] = [
    [a, 1],
    [b, 1],
  ];
  const charge = await deliveryChargeOf(request, shopper, address.id, lines);
  expect(charge).toBeGreaterThan(0);
  await expect(amount(page, 'Delivery charge')).toHaveText(rs2(charge));
  const subtotal = paisa(a.selling_price) + paisa(b.selling_price);
  await expect(amount(page, 'Subtotal')).toHaveText(rs2(subtotal));
  await expect(amount(page, 'Total')).toHaveText(rs2(subtotal + charge));

  // WELCOME10 on the cart, then back.
  await page.getByRole('link', { name: /^Cart, 2 items$/ }).click();
  await page.getByLabel('Enter promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('Discount (WELCOME10)')).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to Checkout →' }).click();
  const discount = Math.min(Math.floor((subtotal * 10 + 50) / 100), 30_000);
  await expect(summaryOf(page).getByText('Discount (WELCOME10)')).toBeVisible();
  await expect(amount(page, 'Total')).toHaveText(rs2(subtotal - discount + charge));

  await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
  await page.getByLabel('Order Notes').fill('Please call before coming.');
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await place.dblclick();
  const success = page.getByRole('dialog', { name: 'Order placed successfully!' });
  await expect(success).toBeVisible();
  await expect(success.getByText(rs2(subtotal - discount + charge))).toBeVisible();
  await expect(success.getByText(/confirmation e-mail will be sent/)).toBeVisible();
  // The dialog names the order by its tracking ID (decision 046), the one the shopper can quote.
  const trackingId = (await success.getByRole('definition').first().textContent())?.trim();
  expect(trackingId).toMatch(/^PSL[0-9A-Z]+$/);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // Exactly one order, as the server has it.
  const list = await request.get('/api/ecommerce/order/list/', {
    headers: { Authorization: `Bearer ${shopper.token}` },
  });
  const orders = ((await list.json()) as { results: Record<string, unknown>[] }).results;
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    tracking_id: trackingId,
    total: (subtotal - discount + charge) / 100,
    voucher_code: 'WELCOME10',
    payment_method: 'cash',
    notes: 'Please call before coming.',
  });
  await success.getByRole('button', { name: 'View Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
});

/** Places a wallet order at /checkout for one product and ends at the wallet simulator's page. */
async function toWallet(page: Page, request: APIRequestContext, wallet: 'eSewa' | 'Khalti') {
  const product = await walletProduct(request);
  await ensureAddress(request, shopper);
  await setCart(request, shopper, [[product, 1]]);
  await loginInUi(page, shopper.phone, shopper.password);
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { checked: true }).first()).toBeVisible();
  await page.getByRole('radio', { name: wallet }).check();
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: `${wallet} payment (simulator)` })).toBeVisible();
}

async function paidOrder(page: Page, request: APIRequestContext, wallet: 'eSewa' | 'Khalti') {
  await expect(page).toHaveURL(/\/payment\/return\?order=\d+/);
  const success = page.getByRole('dialog', { name: 'Order placed successfully!' });
  await expect(success).toBeVisible();
  await expect(success.getByText(`Paid with ${wallet}.`)).toBeVisible();
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  expect(await orderPaymentOf(request, shopper, orderId)).toMatchObject({
    order_id: orderId,
    payment_status: 'Paid',
    payment_method: wallet.toLowerCase(),
  });
}

test('eSewa: the signed form goes to the simulator, Pay, and the return page shows the paid order', async ({
  page,
  request,
}) => {
  await toWallet(page, request, 'eSewa');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await paidOrder(page, request, 'eSewa');
});

test('Khalti: payment_url, Pay, and the return page shows the paid order', async ({ page, request }) => {
  await toWallet(page, request, 'Khalti');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await paidOrder(page, request, 'Khalti');
});

test('a failed eSewa payment shows the failure; Try again then pays the same order', async ({
  page,
  request,
}) => {
  await toWallet(page, request, 'eSewa');
  await page.getByRole('button', { name: 'Fail', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  expect((await orderPaymentOf(request, shopper, orderId)).payment_status).toBe('Unpaid');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'eSewa payment (simulator)' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await paidOrder(page, request, 'eSewa');
  expect(new URL(page.url()).searchParams.get('order')).toBe(String(orderId));
});

test('a failed Khalti payment can be paid in cash on delivery instead', async ({ page, request }) => {
  await toWallet(page, request, 'Khalti');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await page.getByRole('button', { name: 'Pay with cash instead' }).click();
  const success = page.getByRole('dialog', { name: 'Order placed successfully!' });
  await expect(success.getByText('Please pay in cash when your order arrives.')).toBeVisible();
  expect(await orderPaymentOf(request, shopper, orderId)).toMatchObject({
    payment_method: 'cash',
    payment_status: 'Unpaid',
  });
});

test('paid at eSewa without coming back: Pay now finds that payment and nothing is paid twice', async ({
  page,
  request,
}) => {
  await toWallet(page, request, 'eSewa');
  await page.getByRole('button', { name: 'Pay without returning' }).click();
  // The browser never came back; the shopper opens their orders within the reconciler's 5 minutes.
  await page.goto('/orders');
  const headers = { Authorization: `Bearer ${shopper.token}` };
  const list = await request.get('/api/ecommerce/order/list/', { headers });
  const [latest] = ((await list.json()) as { results: { id: number; tracking_id: string | null }[] }).results;
  const card = page.getByRole('article', { name: `Tracking ID: ${latest.tracking_id ?? latest.id}` });
  await expect(card.getByText('Payment pending')).toBeVisible();
  await card.getByRole('button', { name: /^Pay now/ }).click();
  await expect(page.getByText(/Your earlier payment for this order went through/)).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
  const payment = await request.get(`/api/ecommerce/payments/${latest.id}/`, { headers });
  expect(await payment.json()).toMatchObject({
    payment_status: 'Paid',
    payment_method: 'esewa',
    attempts: [{ attempt: 1, status: 'completed' }],
  });
});
