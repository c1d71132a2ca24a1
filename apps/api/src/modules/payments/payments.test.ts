import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, payments, walletSimulations } from '../../db/schema/orders';
import { createOrder } from '../../test/factories';
import { API } from '../auth/auth-test-helpers';
import { startPayment } from './payment-service';
import {
  atWallet,
  backAtShop,
  bearer,
  orderPayment,
  type PaymentsTestApp,
  payAgain,
  signedInCustomer,
  startPaymentsTestApp,
  visit,
} from './payments-test-helpers';
import { reconcilePayments } from './reconciler';

const UAT_SECRET = '8gBm/:&EnhH.1/q';
const silent = { info() {}, warn() {}, error() {} };

let t: PaymentsTestApp;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
beforeAll(async () => {
  t = await startPaymentsTestApp();
  alice = await signedInCustomer(t, 'Alice');
  bob = await signedInCustomer(t, 'Bob');
});
afterAll(async () => {
  await t.close();
});

const deps = () => ({ db: t.db, config: t.app.config, log: silent });
/** A reconcile pass "later": past the pending delay, well before the unpaid-order TTL. */
const later = (minutes = 10) => ({ now: new Date(Date.now() + minutes * 60_000) });

function onlineOrder(userId: number, totalPaisa: number, paymentMethod: 'esewa' | 'khalti' = 'esewa') {
  return createOrder(t.db, { userId, totalPaisa, paymentMethod });
}

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function attemptsOf(orderId: number) {
  return t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.attempt);
}

async function expectNotPaid(orderId: number) {
  const order = await orderRow(orderId);
  expect(order.paymentStatus).not.toBe('Paid');
  expect(order.paymentCompleted).toBe(false);
  expect(order.paymentReference).toBeNull();
  expect((await attemptsOf(orderId)).filter((p) => p.status === 'completed')).toEqual([]);
}

/** Decodes the `data` of an eSewa success return. */
function dataOf(returnUrl: string): Record<string, string> {
  const data = new URL(returnUrl).searchParams.get('data') ?? '';
  return JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
}

function encodeData(fields: Record<string, string>): string {
  return Buffer.from(JSON.stringify(fields)).toString('base64');
}

function signed(fields: Record<string, string>, secret = UAT_SECRET): Record<string, string> {
  const names = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';
  const all = { ...fields, signed_field_names: names };
  const message = names
    .split(',')
    .map((name) => `${name}=${all[name as keyof typeof all]}`)
    .join(',');
  return { ...all, signature: createHmac('sha256', secret).update(message).digest('base64') };
}

function esewaReturn(data: string) {
  return `${t.baseUrl}${API}/payments/esewa/return?data=${encodeURIComponent(data)}`;
}

describe('the checkout side', () => {
  test('payment methods: cash always; eSewa and Khalti through their simulators outside production', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/payments/methods/` });
    expect(response.statusCode).toBe(200);
    expect(response.json().methods).toEqual([
      { id: 'cash', title: 'Cash on Delivery', available: true, simulated: false },
      { id: 'esewa', title: 'eSewa', available: true, simulated: true },
      { id: 'khalti', title: 'Khalti', available: true, simulated: true },
    ]);
  });

  test('startPayment (what the checkout calls) answers a signed eSewa form or a Khalti payment_url', async () => {
    const order = await onlineOrder(alice.id, 50_000);
    const esewa = await startPayment(deps(), { orderId: order.id, provider: 'esewa', userId: alice.id });
    expect(esewa.browser).toMatchObject({
      type: 'form',
      method: 'POST',
      url: `${t.baseUrl}/dev/esewa/api/epay/main/v2/form`,
      fields: { total_amount: '500', transaction_uuid: esewa.reference, product_code: 'EPAYTEST' },
    });
    const khalti = await startPayment(deps(), { orderId: order.id, provider: 'khalti' });
    expect(khalti.browser.type).toBe('redirect');
    expect(khalti.browser.type === 'redirect' && khalti.browser.url).toMatch(
      new RegExp(`^${t.baseUrl}/dev/khalti/pay/\\?pidx=`),
    );
    const attempts = await attemptsOf(order.id);
    // The eSewa attempt was looked up before the Khalti one started: eSewa has no payment under it.
    expect(attempts.map((p) => [p.attempt, p.provider, p.status, p.amount])).toEqual([
      [1, 'esewa', 'expired', 50_000],
      [2, 'khalti', 'initiated', 50_000],
    ]);
    expect(attempts[1].providerSessionId).toBeTruthy();
    const row = await orderRow(order.id);
    expect(row.paymentStatus).toBe('Pending');
    expect(row.paymentMethod).toBe('khalti');
  });

  test('the order mapper fields come with the status answer', async () => {
    const order = await onlineOrder(alice.id, 12_345);
    const { status, body } = await orderPayment(t, alice.token, order.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      order_id: order.id,
      tracking_id: order.trackingId,
      order_status: 'Order Processing',
      total_amount: 123.45,
      payment_method: 'esewa',
      payment_status: 'Pending',
      payment_completed: false,
      payment_reference: null,
      can_pay: true,
      attempts: [],
    });
  });
});

describe('paid flows through the simulators', () => {
  test("eSewa: form, Pay, signed return, status check: the order is Paid with eSewa's transaction code", async () => {
    const order = await onlineOrder(alice.id, 123_450);
    const next = await payAgain(t, alice.token, order.id, 'esewa');
    expect(next.next.type).toBe('form');
    const wallet = await atWallet(next.next, 'pay');
    expect(wallet.page).toContain('Rs 1,234.50');
    expect(wallet.returnUrl?.startsWith(`${t.baseUrl}${API}/payments/esewa/return?data=`)).toBe(true);
    const data = dataOf(wallet.returnUrl ?? '');
    expect(data).toMatchObject({
      status: 'COMPLETE',
      total_amount: '1,234.5',
      transaction_uuid: next.reference,
    });

    expect(await backAtShop(wallet.returnUrl ?? '')).toEqual({
      path: '/payment/return',
      order: String(order.id),
      status: 'paid',
    });
    const { body } = await orderPayment(t, alice.token, order.id);
    expect(body).toMatchObject({
      payment_status: 'Paid',
      payment_completed: true,
      payment_reference: data.transaction_code,
      can_pay: false,
      attempts: [{ attempt: 1, provider: 'esewa', status: 'completed', amount: 1234.5 }],
    });
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({
      providerRef: data.transaction_code,
      paidAmount: 123_450,
      refundDue: false,
    });
    expect(attempt.confirmation).toMatchObject({
      source: 'return',
      claim: { transaction_uuid: next.reference },
    });

    // The same confirmation again (a reload, a replay) changes nothing.
    expect((await backAtShop(wallet.returnUrl ?? '')).status).toBe('paid');
    const again = await attemptsOf(order.id);
    expect(again.map((p) => [p.status, p.confirmedAt?.getTime()])).toEqual([
      ['completed', attempt.confirmedAt?.getTime()],
    ]);

    // A paid order cannot be paid again.
    const retry = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/${order.id}/retry/`,
      headers: bearer(alice.token),
      payload: { provider: 'esewa' },
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe('This order is already paid.');
  });

  test("Khalti: payment_url, Pay, return with pidx, lookup: the order is Paid with Khalti's transaction_id", async () => {
    const order = await onlineOrder(alice.id, 99_999, 'khalti');
    const next = await payAgain(t, alice.token, order.id, 'khalti');
    const wallet = await atWallet(next.next, 'pay');
    const query = new URL(wallet.returnUrl ?? '').searchParams;
    expect(wallet.returnUrl?.startsWith(`${t.baseUrl}${API}/payments/khalti/return?`)).toBe(true);
    expect(query.get('status')).toBe('Completed');
    expect(query.get('total_amount')).toBe('99999');
    expect(await backAtShop(wallet.returnUrl ?? '')).toMatchObject({
      order: String(order.id),
      status: 'paid',
    });
    const { body } = await orderPayment(t, alice.token, order.id);
    expect(body).toMatchObject({
      payment_method: 'khalti',
      payment_status: 'Paid',
      payment_completed: true,
      payment_reference: query.get('transaction_id'),
    });
  });

  test('a cancelled or failed payment leaves the order Unpaid, and Pay now then succeeds', async () => {
    const order = await onlineOrder(alice.id, 20_000, 'khalti');
    const cancelled = await atWallet((await payAgain(t, alice.token, order.id, 'khalti')).next, 'cancel');
    expect(await backAtShop(cancelled.returnUrl ?? '')).toMatchObject({ status: 'unpaid' });
    const failed = await atWallet((await payAgain(t, alice.token, order.id, 'esewa')).next, 'fail');
    expect(failed.returnUrl).toMatch(/\/payments\/esewa\/failure\/PSL-/);
    expect(await backAtShop(failed.returnUrl ?? '')).toMatchObject({ status: 'unpaid' });
    let view = (await orderPayment(t, alice.token, order.id)).body;
    expect(view).toMatchObject({ payment_status: 'Unpaid', can_pay: true });
    expect(view.attempts.map((a: { status: string }) => a.status)).toEqual(['canceled', 'expired']);

    const paid = await atWallet((await payAgain(t, alice.token, order.id, 'esewa')).next, 'pay');
    expect(await backAtShop(paid.returnUrl ?? '')).toMatchObject({ status: 'paid' });
    view = (await orderPayment(t, alice.token, order.id)).body;
    expect(view).toMatchObject({ payment_status: 'Paid', payment_method: 'esewa' });
    expect(view.attempts.map((a: { status: string }) => a.status)).toEqual([
      'canceled',
      'expired',
      'completed',
    ]);
  });
});

describe('confirmations that must not pay anything', () => {
  test('tampered eSewa data: amount or uuid changed, or signed with another key', async () => {
    const order = await onlineOrder(alice.id, 150_000);
    const other = await onlineOrder(alice.id, 1_000);
    const otherStart = await payAgain(t, alice.token, other.id, 'esewa');
    const start = await payAgain(t, alice.token, order.id, 'esewa');
    const wallet = await atWallet(start.next, 'pay-no-return');
    expect(wallet.returnUrl).toBeUndefined();
    const [sim] = await t.db
      .select()
      .from(walletSimulations)
      .where(eq(walletSimulations.token, start.reference));
    const genuine = signed({
      transaction_code: sim.transactionCode ?? '',
      status: 'COMPLETE',
      total_amount: '1,500.0',
      transaction_uuid: start.reference,
      product_code: 'EPAYTEST',
    });

    const tampered = [
      { ...genuine, total_amount: '10.0' },
      { ...genuine, transaction_uuid: otherStart.reference },
      signed(
        { ...genuine, total_amount: '10.0', transaction_uuid: otherStart.reference },
        'another-merchant-key',
      ),
      signed({ ...genuine }, 'another-merchant-key'),
    ];
    for (const fields of tampered) {
      const back = await backAtShop(esewaReturn(encodeData(fields)));
      expect(back.status).toBe('error');
    }
    // Not even a look-up happened: a bad signature is refused before eSewa is asked.
    const [after] = await t.db
      .select()
      .from(walletSimulations)
      .where(eq(walletSimulations.token, start.reference));
    expect(after.statusChecks).toBe(0);
    await expectNotPaid(order.id);
    await expectNotPaid(other.id);
    expect((await orderRow(order.id)).paymentStatus).toBe('Pending');

    // The genuine one pays (it was only waiting for its confirmation).
    expect((await backAtShop(esewaReturn(encodeData(genuine)))).status).toBe('paid');
    await expectNotPaid(other.id);
  });

  test("a correctly signed COMPLETE that eSewa's status check does not confirm pays nothing", async () => {
    const order = await onlineOrder(alice.id, 75_000);
    const start = await payAgain(t, alice.token, order.id, 'esewa');
    // The shopper reached eSewa but never paid: eSewa has no payment under the uuid.
    const posted = await visit(start.next.url, { form: start.next.type === 'form' ? start.next.fields : {} });
    expect(posted.status).toBe(303);
    const forged = signed({
      transaction_code: 'FORGED1',
      status: 'COMPLETE',
      total_amount: '750.0',
      transaction_uuid: start.reference,
      product_code: 'EPAYTEST',
    });
    const back = await backAtShop(esewaReturn(encodeData(forged)));
    expect(back).toMatchObject({ order: String(order.id), status: 'pending' });
    await expectNotPaid(order.id);
    // Not closed on the strength of one answer: the attempt stays open for the reconciler.
    const [attempt] = await attemptsOf(order.id);
    expect(attempt.status).toBe('pending');
    expect(attempt.providerStatus).toBe('NOT_FOUND');
  });

  test('a Khalti lookup that reports another amount pays nothing and flags the money for refund', async () => {
    const order = await onlineOrder(alice.id, 40_000, 'khalti');
    const start = await payAgain(t, alice.token, order.id, 'khalti');
    const wallet = await atWallet(start.next, 'pay');
    const pidx = new URL(wallet.returnUrl ?? '').searchParams.get('pidx') ?? '';
    // The wallet's record says something else was paid under this pidx.
    await t.db.update(walletSimulations).set({ amount: 4_000 }).where(eq(walletSimulations.token, pidx));
    expect((await backAtShop(wallet.returnUrl ?? '')).status).toBe('unpaid');
    await expectNotPaid(order.id);
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: 'mismatch', paidAmount: 4_000, refundDue: true });
    // A later look-up cannot turn it into a payment either.
    await t.db.update(walletSimulations).set({ amount: 40_000 }).where(eq(walletSimulations.token, pidx));
    expect((await backAtShop(wallet.returnUrl ?? '')).status).toBe('unpaid');
    await expectNotPaid(order.id);
  });

  test('a confirmation replayed for a second order pays only the order it belongs to', async () => {
    const first = await onlineOrder(alice.id, 30_000);
    const second = await onlineOrder(alice.id, 30_000);
    const firstPaid = await atWallet((await payAgain(t, alice.token, first.id, 'esewa')).next, 'pay');
    expect((await backAtShop(firstPaid.returnUrl ?? '')).status).toBe('paid');
    await payAgain(t, alice.token, second.id, 'esewa');
    const replay = await backAtShop(firstPaid.returnUrl ?? '');
    expect(replay.order).toBe(String(first.id));
    await expectNotPaid(second.id);

    // Khalti: the first order's pidx with the second order's purchase_order_id.
    const kFirst = await onlineOrder(alice.id, 30_000, 'khalti');
    const kSecond = await onlineOrder(alice.id, 30_000, 'khalti');
    const kPaid = await atWallet((await payAgain(t, alice.token, kFirst.id, 'khalti')).next, 'pay');
    expect((await backAtShop(kPaid.returnUrl ?? '')).status).toBe('paid');
    const kSecondStart = await payAgain(t, alice.token, kSecond.id, 'khalti');
    const forged = new URL(kPaid.returnUrl ?? '');
    forged.searchParams.set('purchase_order_id', kSecondStart.reference);
    expect((await backAtShop(forged.toString())).status).toBe('error');
    await expectNotPaid(kSecond.id);
    expect((await orderRow(kSecond.id)).paymentStatus).toBe('Pending');
  });

  test("a confirmation for another customer's order, and another customer's order itself, are out of reach", async () => {
    const aliceOrder = await onlineOrder(alice.id, 25_000, 'khalti');
    const aliceStart = await payAgain(t, alice.token, aliceOrder.id, 'khalti');
    const bobOrder = await onlineOrder(bob.id, 25_000, 'khalti');
    const bobPaid = await atWallet(
      (await payAgain(t, bob.token, bobOrder.id, 'khalti')).next,
      'pay-no-return',
    );
    expect(bobPaid.returnUrl).toBeUndefined();
    const [bobAttempt] = await attemptsOf(bobOrder.id);
    // Bob's paid pidx, sent back as if it were for Alice's order.
    const forged = new URL(`${t.baseUrl}${API}/payments/khalti/return`);
    forged.search = new URLSearchParams({
      pidx: bobAttempt.providerSessionId ?? '',
      status: 'Completed',
      purchase_order_id: aliceStart.reference,
      total_amount: '25000',
    }).toString();
    expect((await backAtShop(forged.toString())).status).toBe('error');
    await expectNotPaid(aliceOrder.id);
    // An unknown pidx is nobody's.
    const unknown = new URL(forged);
    unknown.searchParams.set('pidx', 'NotOurPidx12345678901');
    expect((await backAtShop(unknown.toString())).status).toBe('error');

    // Bob cannot read or pay Alice's order (404), and nobody anonymous can (401).
    expect((await orderPayment(t, bob.token, aliceOrder.id)).status).toBe(404);
    const retry = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/${aliceOrder.id}/retry/`,
      headers: bearer(bob.token),
      payload: { provider: 'esewa' },
    });
    expect(retry.statusCode).toBe(404);
    expect(retry.json().message).toBe('Order not found.');
    const anonymous = await t.app.inject({ method: 'GET', url: `${API}/payments/${aliceOrder.id}/` });
    expect(anonymous.statusCode).toBe(401);
  });

  test('retry is refused for cash, cancelled and unknown orders, and for an unknown wallet', async () => {
    const retry = (orderId: number, provider: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/payments/${orderId}/retry/`,
        headers: bearer(alice.token),
        payload: { provider },
      });
    const cash = await createOrder(t.db, { userId: alice.id, totalPaisa: 10_000 });
    expect((await retry(cash.id, 'esewa')).json()).toMatchObject({
      message: 'This order is paid in cash on delivery.',
    });
    const cancelled = await createOrder(t.db, {
      userId: alice.id,
      totalPaisa: 10_000,
      paymentMethod: 'esewa',
      paymentStatus: 'Unpaid',
      orderStatus: 'Cancelled',
    });
    const refused = await retry(cancelled.id, 'khalti');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This order was cancelled.');
    expect((await retry(2_000_000_000, 'esewa')).statusCode).toBe(404);
    const unknown = await retry(cash.id, 'paypal');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('provider: provider must be esewa or khalti');
    const tiny = await createOrder(t.db, { userId: alice.id, totalPaisa: 999, paymentMethod: 'khalti' });
    expect((await retry(tiny.id, 'khalti')).json().message).toBe(
      'Khalti accepts payments of Rs 10 or more. Please choose another payment method.',
    );
    expect(await attemptsOf(cash.id)).toEqual([]);
    expect(await attemptsOf(cancelled.id)).toEqual([]);
    expect(await attemptsOf(tiny.id)).toEqual([]);
  });
});

describe('the reconciler', () => {
  test('a payment left PENDING is settled once the wallet completes it', async () => {
    const order = await onlineOrder(alice.id, 60_000);
    const start = await payAgain(t, alice.token, order.id, 'esewa');
    const pending = await atWallet(start.next, 'pending');
    expect(await backAtShop(pending.returnUrl ?? '')).toMatchObject({ status: 'pending' });
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'pending', providerStatus: 'PENDING' });

    // Still pending at the wallet: the pass looks it up and leaves it open.
    let pass = await reconcilePayments(deps(), later(10));
    const [attempt] = await attemptsOf(order.id);
    expect(pass.checked).toContain(attempt.id);
    expect((await orderRow(order.id)).paymentStatus).toBe('Pending');

    // The wallet completes it; nobody comes back. The next pass settles it.
    const page = await visit(`${t.baseUrl}/dev/esewa/pay/${start.reference}`);
    expect(page.text).toContain('Pending');
    await visit(`${t.baseUrl}/dev/esewa/pay/${start.reference}`, { form: { choice: 'pay-no-return' } });
    pass = await reconcilePayments(deps(), later(20));
    expect(pass.settled).toContainEqual({ paymentId: attempt.id, status: 'completed' });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentStatus: 'Paid', paymentCompleted: true });
    expect((await attemptsOf(order.id))[0].confirmation).toMatchObject({ source: 'reconciler' });
  });

  test('a dropped redirect still ends paid after reconciliation (both wallets)', async () => {
    for (const wallet of ['esewa', 'khalti'] as const) {
      const order = await onlineOrder(alice.id, 45_600, wallet);
      const visitResult = await atWallet(
        (await payAgain(t, alice.token, order.id, wallet)).next,
        'pay-no-return',
      );
      expect(visitResult.returnUrl).toBeUndefined();
      expect((await orderRow(order.id)).paymentStatus).toBe('Pending');
      await reconcilePayments(deps(), later(10));
      const { body } = await orderPayment(t, alice.token, order.id);
      expect(body).toMatchObject({ payment_status: 'Paid', payment_completed: true, payment_method: wallet });
      expect(body.payment_reference).toBeTruthy();
    }
  });

  test('an eSewa attempt closed on NOT_FOUND is still found when the shopper pays late and loses the redirect', async () => {
    const order = await onlineOrder(alice.id, 81_000);
    const start = await payAgain(t, alice.token, order.id, 'esewa');
    const posted = await visit(start.next.url, { form: start.next.type === 'form' ? start.next.fields : {} });
    expect(posted.status).toBe(303);
    // Past the delay the shopper has not confirmed yet: eSewa knows no payment.
    await reconcilePayments(deps(), later(10));
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'expired', providerStatus: 'NOT_FOUND' });
    expect((await orderPayment(t, alice.token, order.id)).body).toMatchObject({
      payment_status: 'Unpaid',
      can_pay: true,
    });
    // Then they pay, and the browser never comes back.
    await visit(`${t.baseUrl}/dev/esewa/pay/${start.reference}`, { form: { choice: 'pay-no-return' } });
    await reconcilePayments(deps(), later(20));
    expect((await orderPayment(t, alice.token, order.id)).body).toMatchObject({ payment_status: 'Paid' });
  });

  test('two passes at once settle each payment exactly once', async () => {
    const ids: number[] = [];
    const tokens: string[] = [];
    for (const wallet of ['esewa', 'khalti', 'esewa', 'khalti'] as const) {
      const order = await onlineOrder(bob.id, 33_300, wallet);
      const start = await payAgain(t, bob.token, order.id, wallet);
      await atWallet(start.next, 'pay-no-return');
      const [attempt] = await attemptsOf(order.id);
      ids.push(attempt.id);
      tokens.push(wallet === 'esewa' ? attempt.reference : (attempt.providerSessionId ?? ''));
    }
    const [one, two] = await Promise.all([
      reconcilePayments(deps(), later(10)),
      reconcilePayments(deps(), later(10)),
    ]);
    const checked = [...one.checked, ...two.checked].filter((id) => ids.includes(id));
    expect(checked.sort()).toEqual([...ids].sort());
    const settled = [...one.settled, ...two.settled].filter((s) => ids.includes(s.paymentId));
    expect(settled.map((s) => s.paymentId).sort()).toEqual([...ids].sort());
    // Each wallet was asked once per payment.
    for (const token of tokens) {
      const [sim] = await t.db.select().from(walletSimulations).where(eq(walletSimulations.token, token));
      expect(sim.statusChecks).toBe(1);
    }
    for (const id of ids) {
      const [attempt] = await t.db.select().from(payments).where(eq(payments.id, id));
      expect(attempt).toMatchObject({ status: 'completed', checkCount: 1, refundDue: false });
      expect((await orderRow(attempt.orderId)).paymentStatus).toBe('Paid');
    }
  });
});
