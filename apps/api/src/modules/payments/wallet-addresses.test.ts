import type { PaymentStart } from '@pasal/contract/payments';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { createOrder, createUser } from '../../test/factories';
import { API, login } from '../auth/auth-test-helpers';
import {
  atWallet,
  backAtShop,
  bearer,
  orderPayment,
  type PaymentsTestApp,
  signedInCustomer,
  startPaymentsTestApp,
} from './payments-test-helpers';

// Outside production the wallet (simulator) and return addresses follow the address the shopper
// used, so a phone on the LAN address can post the eSewa form (CSP form-action 'self').

let t: PaymentsTestApp;
let alice: { id: number; token: string };
beforeAll(async () => {
  t = await startPaymentsTestApp();
  alice = await signedInCustomer(t, 'Alice');
});
afterAll(async () => {
  await t.close();
});

async function payNowAt(host: string, orderId: number, provider: 'esewa' | 'khalti', forwarded = false) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/payments/${orderId}/retry/`,
    headers: {
      ...bearer(alice.token),
      ...(forwarded ? { host: 'localhost:8080', 'x-forwarded-host': host } : { host }),
    },
    payload: { provider },
  });
  expect(response.statusCode).toBe(200);
  return response.json<PaymentStart>();
}

describe('outside production', () => {
  test('eSewa: the form and the returns go to the address the shopper used, and the payment completes there', async () => {
    // PUBLIC_URL is http://127.0.0.1:{port}; this shopper came in as localhost:{port}.
    const port = new URL(t.baseUrl).port;
    const other = `http://localhost:${port}`;
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 25_000, paymentMethod: 'esewa' });
    const start = await payNowAt(`localhost:${port}`, order.id, 'esewa');
    expect(start.next.url).toBe(`${other}/dev/esewa/api/epay/main/v2/form`);
    expect(start.next.type === 'form' && start.next.fields).toMatchObject({
      success_url: `${other}${API}/payments/esewa/return`,
      failure_url: `${other}${API}/payments/esewa/failure/${start.reference}`,
    });
    const wallet = await atWallet(start.next, 'pay');
    expect(wallet.returnUrl?.startsWith(`${other}${API}/payments/esewa/return?data=`)).toBe(true);
    expect((await backAtShop(wallet.returnUrl ?? '')).status).toBe('paid');
    expect((await orderPayment(t, alice.token, order.id)).body.payment_status).toBe('Paid');
  });

  test("Khalti: the simulator's page and the return follow the address too (here from the dev proxy's X-Forwarded-Host)", async () => {
    const port = new URL(t.baseUrl).port;
    const other = `http://localhost:${port}`;
    const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 25_000, paymentMethod: 'khalti' });
    const start = await payNowAt(`localhost:${port}`, order.id, 'khalti', true);
    expect(start.next.url.startsWith(`${other}/dev/khalti/pay/?pidx=`)).toBe(true);
    const wallet = await atWallet(start.next, 'pay');
    expect(wallet.returnUrl?.startsWith(`${other}${API}/payments/khalti/return?`)).toBe(true);
    expect((await backAtShop(wallet.returnUrl ?? '')).status).toBe('paid');
  });

  test('an implausible Host (a public name, garbage) is not trusted: PUBLIC_URL is used', async () => {
    for (const host of ['shop.evil.example', 'localhost:99999', 'a b', 'localhost@evil.example']) {
      const order = await createOrder(t.db, { userId: alice.id, totalPaisa: 25_000, paymentMethod: 'esewa' });
      const start = await payNowAt(host, order.id, 'esewa');
      expect(start.next.url, host).toBe(`${t.baseUrl}/dev/esewa/api/epay/main/v2/form`);
      expect(start.next.type === 'form' && start.next.fields.success_url, host).toBe(
        `${t.baseUrl}${API}/payments/esewa/return`,
      );
    }
  });
});

test('in production the Host header is never trusted: the wallet and the returns use PUBLIC_URL', async () => {
  const live = await buildTestApp({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    ESEWA_SECRET_KEY: 'merchant-secret',
    ESEWA_PRODUCT_CODE: 'PASAL01',
    PUBLIC_URL: 'https://shop.example',
  });
  try {
    const user = await createUser(live.db);
    const token = (await login(live.app, user.phone ?? '', 'Passw0rd!')).access_token;
    const order = await createOrder(live.db, { userId: user.id, totalPaisa: 10_000, paymentMethod: 'esewa' });
    const response = await live.app.inject({
      method: 'POST',
      url: `${API}/payments/${order.id}/retry/`,
      headers: { ...bearer(token), host: '192.168.1.50:8080', 'x-forwarded-host': '10.0.0.5' },
      payload: { provider: 'esewa' },
    });
    expect(response.statusCode).toBe(200);
    const start = response.json<PaymentStart>();
    expect(start.next.url).toBe('https://epay.esewa.com.np/api/epay/main/v2/form');
    expect(start.next.type === 'form' && start.next.fields).toMatchObject({
      success_url: `https://shop.example${API}/payments/esewa/return`,
      failure_url: `https://shop.example${API}/payments/esewa/failure/${start.reference}`,
    });
  } finally {
    await live.close();
  }
});
