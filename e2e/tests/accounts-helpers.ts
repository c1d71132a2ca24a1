import { type APIRequestContext, expect, type Page } from '@playwright/test';

const ROOT = '/api/ecommerce';
export const PASSWORD = 'Start@123';

let counter = 0;
/** A 10-digit phone no other test (or run on the same database) has used. */
export function uniquePhone(): string {
  counter += 1;
  const tail = `${Date.now() % 1_000_000}`.padStart(6, '0');
  return `97${tail}${String((process.pid + counter * 7) % 100).padStart(2, '0')}`;
}

export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

interface OutboxEntry {
  to: string;
  channel: string;
  otp: string | null;
  created_at: string;
}

/** The newest OTP sent to `to` after `since`, read from the dev outbox. */
export async function otpFor(request: APIRequestContext, to: string, since = 0): Promise<string> {
  let otp = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const { results } = (await res.json()) as { results: OutboxEntry[] };
        const latest = results.find((m) => m.otp && Date.parse(m.created_at) >= since - 1000);
        otp = latest?.otp ?? '';
        return otp;
      },
      { message: `an OTP for ${to}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return otp;
}

// The shop allows 10 sign-ups and 20 OTP sends an hour from one network (API tests prove it).
// Customers made here stand for different shoppers, so each comes from its own address: the e2e
// server trusts one proxy hop (TRUST_PROXY=1 in playwright.config.ts) and reads X-Forwarded-For.
let network = 0;
function shopperAddress(): string {
  network += 1;
  return `10.${process.pid % 250}.${Math.floor(network / 250) % 250}.${(network % 250) + 1}`;
}

async function post(request: APIRequestContext, path: string, data: unknown, from?: string) {
  const headers = from ? { 'x-forwarded-for': from } : undefined;
  const res = await request.post(`${ROOT}${path}`, { data, headers });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

export interface TestUser {
  email: string;
  phone: string;
  password: string;
  first: string;
  last: string;
}

/** An active account made through the e-mail sign-up API and its phone OTP. */
export async function createUser(request: APIRequestContext, tag: string): Promise<TestUser> {
  const user = {
    email: uniqueEmail(tag),
    phone: uniquePhone(),
    password: PASSWORD,
    first: 'Sita',
    last: 'Sharma',
  };
  const from = shopperAddress();
  const { signup_token } = await post(
    request,
    '/signup/',
    {
      email: user.email,
      phone: user.phone,
      password: user.password,
      confirm_password: user.password,
      first_name: user.first,
      last_name: user.last,
    },
    from,
  );
  const since = Date.now();
  await post(request, '/otp/public/send/', { phone: user.phone, signup_token }, from);
  await post(
    request,
    '/otp/public/verify/',
    { phone: user.phone, otp: await otpFor(request, user.phone, since), signup_token },
    from,
  );
  return user;
}

export async function loginInUi(page: Page, id: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Phone number or email').fill(id);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await customerDataLoaded(page);
}

/**
 * After login the storefront loads the customer's cart (merging the visitor's into it) and
 * wishlist; this waits until both are in and stored, so a test that edits the stored session next
 * is not overwritten by the app storing their answers.
 */
export async function customerDataLoaded(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const record = JSON.parse(localStorage.getItem('persist:pasal') ?? '{}') as Record<string, string>;
          const auth = JSON.parse(record.auth ?? '{}');
          const cart = JSON.parse(record.cart ?? '{}');
          const wishlist = JSON.parse(record.wishlist ?? '{}');
          return (
            Boolean(auth.user_id) &&
            cart.owner === auth.user_id &&
            cart.isLoading === false &&
            cart.pendingMerge?.length === 0 &&
            wishlist.fetching === false
          );
        }),
      { message: 'the cart and wishlist loaded after login' },
    )
    .toBe(true);
}

export async function typeOtp(page: Page, otp: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(otp);
}

interface PersistedAuth {
  access: string;
  refresh: string | null;
  user_id: string;
  isAuthenticated: boolean;
}

const KEY = 'persist:pasal';

/** The auth slice as redux-persist keeps it (each slice is a JSON string inside the JSON record). */
export async function readAuth(page: Page): Promise<PersistedAuth> {
  return page.evaluate((key) => {
    const record = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
    return JSON.parse(record.auth ?? '{}');
  }, KEY);
}

export async function writeAuth(page: Page, patch: Partial<PersistedAuth>) {
  await page.evaluate(
    ({ key, patch }) => {
      const record = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
      record.auth = JSON.stringify({ ...JSON.parse(record.auth ?? '{}'), ...patch });
      localStorage.setItem(key, JSON.stringify(record));
    },
    { key: KEY, patch },
  );
}
