import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { SignJWT } from 'jose';
import { createUser, loginInUi, readAuth, writeAuth } from './accounts-helpers';

/** The e2e server's signing secret, from the data folder playwright.config.ts gives it (.data-e2e-{port}). */
function jwtSecret(baseURL: string | undefined): Uint8Array {
  const port = new URL(baseURL ?? '').port;
  const dataDir = resolve(dirname(fileURLToPath(import.meta.url)), `../../.data-e2e-${port}`);
  return new TextEncoder().encode(readFileSync(resolve(dataDir, '.jwt-secret'), 'utf8').trim());
}

/** The session (refresh-token family) an access token the server issued belongs to. */
function sessionOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sid: string }).sid;
}

/** An access token with the claims the server issues (apps/api/src/lib/access-token.ts). */
function accessToken(secret: Uint8Array, userId: string, sid: string, times: { iat: number; exp: number }) {
  return new SignJWT({ ver: 0, sid, typ: 'access' }) // ver: token_version, 0 for a fresh account
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(times.iat)
    .setExpirationTime(times.exp)
    .sign(secret);
}

test('a really expired access token is refreshed silently', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'expired');
  await loginInUi(page, user.email, user.password);
  const before = await readAuth(page);
  expect(before.user_id).toBeTruthy();

  const secret = jwtSecret(baseURL);
  const now = Math.floor(Date.now() / 1000);
  const profile = (token: string) =>
    request.get('/api/ecommerce/profile/', { headers: { Authorization: `Bearer ${token}` } });
  // The same claims with a future expiry are accepted, so the only thing wrong below is the time.
  const sid = sessionOf(before.access);
  const live = await accessToken(secret, before.user_id, sid, { iat: now, exp: now + 600 });
  expect((await profile(live)).status()).toBe(200);
  const expired = await accessToken(secret, before.user_id, sid, { iat: now - 20 * 60, exp: now - 5 * 60 });
  const refused = await profile(expired);
  expect(refused.status()).toBe(401);
  expect(JSON.stringify(await refused.json())).toContain('Token has expired.');

  await writeAuth(page, { access: expired });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: `${user.first} ${user.last}` })).toBeVisible();
  await expect(page.getByText('Session expired. Please login again.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);

  // The client stored the new pair: a fresh access token and the rotated refresh token.
  await expect.poll(async () => (await readAuth(page)).access).not.toBe(expired);
  const after = await readAuth(page);
  expect(after.access).not.toBe(before.access);
  expect(after.refresh).not.toBe(before.refresh);
});

// A token the server cannot even read takes the same silent refresh.
test('an unreadable access token is refreshed silently', async ({ page, request }) => {
  const user = await createUser(request, 'refresh');
  await loginInUi(page, user.email, user.password);
  const before = await readAuth(page);
  expect(before.access).toBeTruthy();

  await writeAuth(page, { access: 'expired.garbage.token' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: `${user.first} ${user.last}` })).toBeVisible();
  await expect(page.getByText('Session expired. Please login again.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);

  // The client stored the new pair: a fresh access token and the rotated refresh token.
  await expect.poll(async () => (await readAuth(page)).access).not.toBe('expired.garbage.token');
  const after = await readAuth(page);
  expect(after.refresh).not.toBe(before.refresh);
});

// A mobile connection that breaks after the server answered (decision 088): the server spent the
// refresh token, the phone never heard. The storefront sends it again; the server takes it from
// the same client within a minute, and the shopper stays logged in.
test('a refresh whose answer is lost on the way is sent again, and the session goes on', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'lostrefresh');
  await loginInUi(page, user.email, user.password);
  const before = await readAuth(page);
  const sent: string[] = [];
  await page.route('**/token/refresh/', async (route) => {
    sent.push(route.request().postDataJSON().refresh);
    if (sent.length === 1) {
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await writeAuth(page, { access: 'expired.garbage.token' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: `${user.first} ${user.last}` })).toBeVisible();
  await expect(page.getByText('Session expired. Please login again.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  expect(sent).toEqual([before.refresh, before.refresh]);
  await expect.poll(async () => (await readAuth(page)).refresh).not.toBe(before.refresh);
  // The pair the phone kept works on: the session was not ended as a replay.
  const res = await request.post('/api/ecommerce/token/refresh/', {
    data: { refresh: (await readAuth(page)).refresh },
  });
  expect(res.status()).toBe(200);
});

test('a revoked refresh token ends the session on /login', async ({ page, request }) => {
  const user = await createUser(request, 'revoked');
  await loginInUi(page, user.email, user.password);
  const { refresh } = await readAuth(page);
  const res = await request.post('/api/ecommerce/logout/', { data: { refresh } });
  expect(res.ok()).toBeTruthy();

  await writeAuth(page, { access: 'expired.garbage.token' });
  await page.goto('/profile');
  await expect(page.getByText('Session expired. Please login again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Sign In / Account' })).toBeVisible();
  expect((await readAuth(page)).access).toBeFalsy();
});

test('logout clears the session and goes home', async ({ page }) => {
  await loginInUi(page, 'demo@example.com', 'Demo@1234');
  await page.getByRole('button', { name: 'Logout / Account' }).click();
  // The toggle opens the account menu (decision 047); Log out is in it.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In / Account' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});
