import type { AddressInfo } from 'node:net';
import type { PaymentStart } from '@pasal/contract/payments';
import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { API, login } from '../auth/auth-test-helpers';

// Payments go through real HTTP: the adapters call the simulators on the app's own port, and a
// "browser" (fetch, redirects followed by hand) posts the wallet forms and follows the returns.

export interface PaymentsTestApp extends TestApp {
  baseUrl: string;
}

/** The app listening on a free port, with PUBLIC_URL pointing at it (so at its simulators). */
export async function startPaymentsTestApp(env: Record<string, string> = {}): Promise<PaymentsTestApp> {
  const t = await buildTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  t.app.config.publicUrl = baseUrl;
  // Requests carry the Host a browser at baseUrl sends (inject's own default is localhost:80):
  // outside production the wallet addresses follow it (browser-base.ts).
  const inject = t.app.inject.bind(t.app);
  t.app.inject = ((options: InjectOptions) =>
    inject({
      ...options,
      headers: { host: `127.0.0.1:${port}`, ...options.headers },
    })) as typeof t.app.inject;
  return { ...t, baseUrl };
}

export interface Visit {
  status: number;
  /** Absolute redirect target, when there is one. */
  location?: string;
  text: string;
}

/** One browser request, redirects not followed. */
export async function visit(
  url: string,
  init: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {},
): Promise<Visit> {
  const response = await fetch(url, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    redirect: 'manual',
    headers: init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  const location = response.headers.get('location');
  return {
    status: response.status,
    location: location ? new URL(location, url).toString() : undefined,
    text: await response.text(),
  };
}

export type Choice = 'pay' | 'fail' | 'cancel' | 'pending' | 'pay-no-return';

export interface WalletVisit {
  /** Where the wallet sent the browser (our return handler), if it did. */
  returnUrl?: string;
  page: string;
}

/** The shopper at the wallet: submits the form or opens payment_url, then makes a choice. */
export async function atWallet(next: PaymentStart['next'], choice: Choice): Promise<WalletVisit> {
  let pageUrl: string;
  if (next.type === 'form') {
    const posted = await visit(next.url, { form: next.fields });
    if (posted.status !== 303 || !posted.location)
      throw new Error(`wallet form: ${posted.status} ${posted.text}`);
    pageUrl = posted.location;
  } else pageUrl = next.url;
  const page = await visit(pageUrl);
  if (page.status !== 200) throw new Error(`wallet page: ${page.status} ${page.text}`);
  // The page's one form posts back to itself (Khalti carries the pidx as a hidden field).
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
  const hidden = Object.fromEntries(
    [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  if (!action) throw new Error('wallet page has no form');
  const chosen = await visit(new URL(action, pageUrl).toString(), { form: { ...hidden, choice } });
  if (chosen.status === 303) return { returnUrl: chosen.location, page: page.text };
  if (chosen.status !== 200) throw new Error(`wallet choice: ${chosen.status} ${chosen.text}`);
  return { page: chosen.text };
}

/** Follows our return handler to the storefront page; answers its query. */
export async function backAtShop(
  returnUrl: string,
): Promise<{ path: string; order?: string; status?: string }> {
  const back = await visit(returnUrl);
  if (back.status !== 303 || !back.location) throw new Error(`return: ${back.status} ${back.text}`);
  const target = new URL(back.location);
  return {
    path: target.pathname,
    order: target.searchParams.get('order') ?? undefined,
    status: target.searchParams.get('status') ?? undefined,
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function payAgain(t: TestApp, token: string, orderId: number, provider: 'esewa' | 'khalti') {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/payments/${orderId}/retry/`,
    headers: bearer(token),
    payload: { provider },
  });
  if (response.statusCode !== 200) throw new Error(`retry: ${response.statusCode} ${response.body}`);
  return response.json<PaymentStart>();
}

export async function orderPayment(t: TestApp, token: string, orderId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${API}/payments/${orderId}/`,
    headers: bearer(token),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A customer of the payments tests, signed in: their id and access token. */
export async function signedInCustomer(
  t: TestApp,
  firstName: string,
): Promise<{ id: number; token: string }> {
  const user = await createUser(t.db, { firstName });
  return { id: user.id, token: (await login(t.app, user.phone ?? '', 'Passw0rd!')).access_token };
}
