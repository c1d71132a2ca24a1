import { expect, type Page, test } from '@playwright/test';
import {
  moveOrder,
  newShopper,
  orderCard,
  type PlacedOrder,
  pickFilter,
  placeOrder,
  type Shopper,
  signIn,
  someProducts,
} from './orders-helpers';

// The order screens (accounts-orders.md §2 Orders, DECISIONS.md §4) for one fresh customer whose
// orders are placed through the checkout endpoint; each test finds its own order by tracking id.
// One customer for the file: every sign-up costs an OTP, and the server sends at most 20 an hour
// to one client address (the whole e2e run).
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let shopper: Shopper;
test.beforeAll(async ({ request }) => {
  shopper = await newShopper(request, 'orders');
});

test('an order shows under All Orders, is cancelled with a reason and shows under Cancelled Orders', async ({
  page,
  request,
}) => {
  const [rice, oil] = await someProducts(request, 0, 2);
  const placed = await placeOrder(request, shopper, [
    [rice, 2],
    [oil, 1],
  ]);
  await signIn(page, shopper);
  // Where the checkout's success modal leads.
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/profile\/orders$/);
  const card = orderCard(page, placed.tracking_id);
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: rice.title })).toBeVisible();
  await expect(card.getByRole('link', { name: oil.title })).toBeVisible();
  await expect(card.getByText('Qty: 2', { exact: false })).toBeVisible();
  // A cash order is paid at the door (decision 047).
  await expect(card.getByText('Pay on delivery')).toBeVisible();
  await expect(card.getByText('Status: Order Processing')).toBeVisible();
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  // Exactly the placed day: a delivery slot on the same day reads "Nov 27, 2026, 09:00–12:00".
  await expect(card.getByText(today, { exact: true })).toBeVisible();
  const total = `Rs. ${placed.total_amount.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  await expect(card.getByText(total, { exact: true })).toBeVisible();

  await card.getByRole('button', { name: /^Cancel Order/ }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel Order ${placed.tracking_id}` });
  await expect(dialog.getByText(/Only orders still in "Order Processing" can be cancelled/)).toBeVisible();
  await expect(dialog.getByText(total, { exact: true })).toBeVisible();
  await dialog.getByLabel('Reason for cancellation').fill('Ordered by mistake');
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(page.getByText('Your order has been cancelled.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Status: Cancelled')).toBeVisible();

  // A cancelled order offers no Cancel Order any more (decision 036).
  await expect(card.getByRole('button', { name: /^Cancel Order/ })).toHaveCount(0);

  await pickFilter(page, 'Cancelled Orders');
  const cancelled = orderCard(page, placed.tracking_id);
  await expect(cancelled.getByText('Ordered by mistake')).toBeVisible();
  await expect(cancelled.getByText('Cash on Delivery')).toBeVisible();
  await expect(cancelled.getByText(total, { exact: true })).toBeVisible();
});

test('a delivered product is rated in Ratings and the review shows on the product page', async ({
  page,
  request,
}) => {
  const [product] = await someProducts(request, 2, 1);
  const placed = await placeOrder(request, shopper, [[product, 1]]);
  await moveOrder(request, placed.order_id, 'Delivered');

  await signIn(page, shopper);
  // The shopper looks at the product first (the browser keeps the public page's answer a minute).
  await page.goto('/profile/orders?filter=delivered');
  await page.getByRole('button', { name: `See Details of ${product.title}` }).click();
  await page.getByRole('tab', { name: /^Reviews\(\d+\)$/ }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.goto('/profile/ratings');
  await expect(page.getByRole('heading', { name: 'Rate Your Products' })).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.title }) });
  // The star the shopper sees is the radio's label.
  await card.locator('label', { hasText: '5 stars' }).click();
  await expect(card.getByRole('radio', { name: '5 stars' })).toBeChecked();
  const words = `Fresh and well packed ${Date.now()}`;
  await card.getByLabel('Your review (optional)').fill(words);
  await card.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Thank you for your review!')).toBeVisible();
  await expect(page.getByText('You have rated every product delivered to you. Thank you!')).toBeVisible();

  // The order is delivered and paid (cash on delivery), and the product is under Delivered Products.
  await page
    .getByRole('navigation', { name: 'Profile sections' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(orderCard(page, placed.tracking_id).getByText('Paid', { exact: true })).toBeVisible();
  await pickFilter(page, 'Delivered Products');
  const delivered = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: product.title }) });
  await delivered.getByRole('button', { name: `See Details of ${product.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/detail/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByRole('tab', { name: /^Reviews\(\d+\)$/ }).click();
  const review = page.getByRole('listitem').filter({ hasText: words });
  await expect(review).toBeVisible();
  await expect(review.getByText(`${shopper.user.first} ${shopper.user.last}`)).toBeVisible();
  await expect(review.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
});

/** The wallet's first attempt fails in the simulator, leaving the order Unpaid. */
async function failFirstAttempt(page: Page, placed: PlacedOrder) {
  const next = placed.payment?.next;
  if (!next) throw new Error('the checkout started no payment');
  if (next.type === 'redirect') await page.goto(next.url);
  else
    await page.evaluate((step) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = step.url;
      for (const [name, value] of Object.entries(step.fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, next);
  await page.getByRole('button', { name: 'Fail', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/return\?/);
}

for (const wallet of ['esewa', 'khalti'] as const) {
  test(`an unpaid ${wallet} order shows Unpaid; Pay now goes to the wallet and paying there makes it Paid`, async ({
    page,
    request,
  }) => {
    const [product] = await someProducts(request, wallet === 'esewa' ? 3 : 4, 1);
    const placed = await placeOrder(request, shopper, [[product, 1]], wallet);
    await signIn(page, shopper);
    await failFirstAttempt(page, placed);

    await page.goto('/profile/orders');
    const card = orderCard(page, placed.tracking_id);
    await expect(card.getByText('Unpaid')).toBeVisible();
    await card.getByRole('button', { name: `Pay now for order ${placed.tracking_id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dev/${wallet}/`));
    await expect(page.getByRole('heading', { name: /payment \(simulator\)/ })).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/return\\?order=${placed.order_id}&status=paid`));

    await page.goto('/profile/orders');
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
  });
}
