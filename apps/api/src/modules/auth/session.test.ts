import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rateLimits } from '../../db/schema/platform';
import { refreshTokens, users } from '../../db/schema/users';
import { sha256Hex } from '../../lib/secure-token';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { API, login, nextAddress, post } from './auth-test-helpers';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_WINDOW_SECONDS } from './login-service';
import { GRACE_REISSUES, REUSE_GRACE_MS, revokeAllForUser } from './session-service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** As if the token had been spent longer ago than the grace for presenting it again. */
async function spentLongAgo(refresh: string) {
  await t.db
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - REUSE_GRACE_MS - 1000) })
    .where(eq(refreshTokens.tokenHash, sha256Hex(refresh)));
}

function profile(token: string) {
  return t.app.inject({
    method: 'GET',
    url: `${API}/profile/`,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('login', () => {
  test('by phone or e-mail (any case) answers the spec fields', async () => {
    const user = await createUser(t.db);
    const byPhone = await login(t.app, user.phone!, 'Passw0rd!');
    expect(byPhone).toMatchObject({ user_id: String(user.id), message: 'Login Successful' });
    expect(typeof byPhone.access_token).toBe('string');
    expect(Buffer.from(byPhone.refresh_token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const byEmail = await login(t.app, user.email!.toUpperCase(), 'Passw0rd!');
    expect(byEmail.user_id).toBe(String(user.id));
    expect((await profile(byEmail.access_token)).statusCode).toBe(200);
    // Only the hash of a refresh token is stored.
    const stored = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(stored.map((row) => row.tokenHash)).not.toContain(byEmail.refresh_token);
  });

  test('unknown user and wrong password get the same 401', async () => {
    const user = await createUser(t.db);
    const wrong = await post(t.app, '/login/', { phone_or_email: user.phone, password: 'Wrong-password' });
    const unknown = await post(t.app, '/login/', {
      phone_or_email: 'nobody@example.com',
      password: 'Wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid Credentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  test('password minimum 6: 5 characters is a 400, 6 is checked', async () => {
    const user = await createUser(t.db);
    const five = await post(t.app, '/login/', { phone_or_email: user.phone, password: '12345' });
    expect(five.statusCode).toBe(400);
    expect(five.json().error.password).toEqual(['Password must be at least 6 characters']);
    const six = await post(t.app, '/login/', { phone_or_email: user.phone, password: '123456' });
    expect(six.statusCode).toBe(401);
    const empty = await post(t.app, '/login/', { phone_or_email: '', password: '' });
    expect(empty.json().error.phone_or_email).toEqual(['Username is required']);
    expect(empty.json().error.password).toEqual(['Password is required']);
  });

  test('10 failures throttle that account from that address only; the owner elsewhere still logs in', async () => {
    const victim = await createUser(t.db);
    const bystander = await createUser(t.db);
    const attacker = nextAddress();
    for (let i = 0; i < 10; i += 1) {
      const failed = await post(
        t.app,
        '/login/',
        { phone_or_email: victim.phone, password: 'Wrong-password' },
        { address: attacker },
      );
      expect(failed.statusCode).toBe(401);
    }
    const throttled = await post(
      t.app,
      '/login/',
      { phone_or_email: victim.phone, password: 'Passw0rd!' },
      { address: attacker },
    );
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(throttled.json().message).toMatch(/Too many failed login attempts/);
    // No lock on the account alone: the real user on their own address is not locked out.
    expect((await login(t.app, victim.phone!, 'Passw0rd!')).message).toBe('Login Successful');
    expect((await login(t.app, bystander.phone!, 'Passw0rd!')).message).toBe('Login Successful');
  });

  test('parallel attempts cannot slip past the limit (counted before the password check)', async () => {
    const victim = await createUser(t.db);
    const address = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        post(t.app, '/login/', { phone_or_email: victim.phone, password: 'Wrong-password' }, { address }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(15);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('a successful login clears the failures of that account and address', async () => {
    const user = await createUser(t.db);
    const address = nextAddress();
    for (let i = 0; i < 9; i += 1) {
      await post(t.app, '/login/', { phone_or_email: user.phone, password: 'Wrong-password' }, { address });
    }
    const ok = await post(
      t.app,
      '/login/',
      { phone_or_email: user.phone, password: 'Passw0rd!' },
      { address },
    );
    expect(ok.statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      const failed = await post(
        t.app,
        '/login/',
        { phone_or_email: user.phone, password: 'Wrong-password' },
        { address },
      );
      expect(failed.statusCode).toBe(401);
    }
  });

  test('carrier NAT: failures for made-up users on a shared address do not lock out a right password there', async () => {
    const town = nextAddress();
    for (let i = 0; i < 60; i += 1) {
      const failed = await post(
        t.app,
        '/login/',
        { phone_or_email: `made-up-${i}-${town}@example.com`, password: 'Wrong-password' },
        { address: town },
      );
      expect(failed.statusCode).toBe(401);
    }
    const neighbour = await createUser(t.db);
    const ok = await post(
      t.app,
      '/login/',
      { phone_or_email: neighbour.phone, password: 'Passw0rd!' },
      { address: town },
    );
    expect(ok.statusCode).toBe(200);
  });

  test('an unknown identifier is throttled on its own; another one from the same address is not', async () => {
    const address = nextAddress();
    const attempt = (identifier: string) =>
      post(t.app, '/login/', { phone_or_email: identifier, password: 'Wrong-password' }, { address });
    for (let i = 0; i < 10; i += 1) {
      expect((await attempt('nobody-here@example.com')).statusCode).toBe(401);
    }
    expect((await attempt('NOBODY-here@example.com')).statusCode).toBe(429);
    expect((await attempt('somebody-else@example.com')).statusCode).toBe(401);
  });

  test("an account's phone and e-mail share one budget", async () => {
    const user = await createUser(t.db);
    const address = nextAddress();
    const attempt = (identifier: string | null, password = 'Wrong-password') =>
      post(t.app, '/login/', { phone_or_email: identifier, password }, { address });
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(user.phone)).statusCode).toBe(401);
      expect((await attempt(user.email!.toUpperCase())).statusCode).toBe(401);
    }
    expect((await attempt(user.email, 'Passw0rd!')).statusCode).toBe(429);
    expect((await attempt(user.phone, 'Passw0rd!')).statusCode).toBe(429);
    // The owner on their own address is not locked out.
    expect((await login(t.app, user.email!, 'Passw0rd!')).message).toBe('Login Successful');
  });

  test('per-address failures are capped too, at a much higher ceiling', async () => {
    const address = nextAddress();
    // As if the address had already failed LOGIN_FAILURES_PER_ADDRESS times in this window.
    const size = LOGIN_WINDOW_SECONDS * 1000;
    await t.db.insert(rateLimits).values({
      key: `login:ip:${address}`,
      windowStart: new Date(Math.floor(Date.now() / size) * size),
      count: LOGIN_FAILURES_PER_ADDRESS,
    });
    const user = await createUser(t.db);
    const answer = await post(
      t.app,
      '/login/',
      { phone_or_email: user.phone, password: 'Passw0rd!' },
      { address },
    );
    expect(answer.statusCode).toBe(429);
    expect(LOGIN_FAILURES_PER_ADDRESS).toBeGreaterThanOrEqual(500);
  });
});

describe('refresh and logout', () => {
  test('refresh rotates; a token presented again after its grace revokes its whole family', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.phone!, 'Passw0rd!');
    const first = await post(t.app, '/token/refresh/', { refresh: session.refresh_token });
    expect(first.statusCode).toBe(200);
    const { access, refresh } = first.json().token;
    expect(refresh).not.toBe(session.refresh_token);
    expect((await profile(access)).statusCode).toBe(200);

    // Replaying the spent token a minute later: 401, and the newest token of the family dies with it.
    await spentLongAgo(session.refresh_token);
    const replay = await post(t.app, '/token/refresh/', { refresh: session.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toBe('Refresh token was already used; the session has been ended.');
    const afterReplay = await post(t.app, '/token/refresh/', { refresh });
    expect(afterReplay.statusCode).toBe(401);

    // Another login (another family) is untouched.
    const other = await login(t.app, user.phone!, 'Passw0rd!');
    expect((await post(t.app, '/token/refresh/', { refresh: other.refresh_token })).statusCode).toBe(200);
  });

  test('two tabs refreshing with one token at once both keep the session', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.phone!, 'Passw0rd!');
    const [a, b] = await Promise.all([
      post(t.app, '/token/refresh/', { refresh: session.refresh_token }),
      post(t.app, '/token/refresh/', { refresh: session.refresh_token }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const pairs = [a.json().token, b.json().token];
    expect(pairs[0].refresh).not.toBe(pairs[1].refresh);
    for (const pair of pairs) {
      expect((await profile(pair.access)).statusCode).toBe(200);
      expect((await post(t.app, '/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(200);
    }
  });

  test('a refresh whose answer was lost can be sent again; not once a later token was used', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.phone!, 'Passw0rd!');
    // The first answer never reached the phone; it sends the same token again moments later.
    const lost = (await post(t.app, '/token/refresh/', { refresh: session.refresh_token })).json().token;
    const again = await post(t.app, '/token/refresh/', { refresh: session.refresh_token });
    expect(again.statusCode).toBe(200);
    const kept = again.json().token;
    const next = await post(t.app, '/token/refresh/', { refresh: kept.refresh });
    expect(next.statusCode).toBe(200);

    // Now the session has moved on: the first token again, even within the minute, is someone
    // else's copy. The session ends, every token of it with it.
    const stolen = await post(t.app, '/token/refresh/', { refresh: session.refresh_token });
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().detail).toBe('Refresh token was already used; the session has been ended.');
    expect((await post(t.app, '/token/refresh/', { refresh: next.json().token.refresh })).statusCode).toBe(
      401,
    );
    expect((await post(t.app, '/token/refresh/', { refresh: lost.refresh })).statusCode).toBe(401);
    expect((await profile(next.json().token.access)).statusCode).toBe(401);
  });

  test('one spent token gets at most two pairs again; a third try within the minute ends the session', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.phone!, 'Passw0rd!');
    const first = (await post(t.app, '/token/refresh/', { refresh: session.refresh_token })).json().token;
    const again = [];
    for (let i = 0; i < GRACE_REISSUES; i += 1) {
      const answer = await post(t.app, '/token/refresh/', { refresh: session.refresh_token });
      expect(answer.statusCode).toBe(200);
      again.push(answer.json().token);
    }
    const minting = await post(t.app, '/token/refresh/', { refresh: session.refresh_token });
    expect(minting.statusCode).toBe(401);
    for (const pair of [first, ...again])
      expect((await post(t.app, '/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
  });

  test('a spent token is no way back into a session that was logged out', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.phone!, 'Passw0rd!');
    const rotated = (await post(t.app, '/token/refresh/', { refresh: session.refresh_token })).json().token;
    expect((await post(t.app, '/logout/', { refresh: rotated.refresh })).statusCode).toBe(200);
    expect((await post(t.app, '/token/refresh/', { refresh: session.refresh_token })).statusCode).toBe(401);
    const live = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(live.filter((row) => !row.revokedAt)).toEqual([]);
  });

  test('unknown, empty and expired refresh tokens are refused', async () => {
    expect((await post(t.app, '/token/refresh/', { refresh: 'nonsense' })).statusCode).toBe(401);
    const empty = await post(t.app, '/token/refresh/', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.refresh).toEqual(['Refresh token is required']);
    const user = await createUser(t.db);
    const session = await login(t.app, user.phone!, 'Passw0rd!');
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    expect((await post(t.app, '/token/refresh/', { refresh: session.refresh_token })).statusCode).toBe(401);
  });

  test('a refresh while a password reset is ending the sessions never outlives the reset', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.phone!, 'Passw0rd!');
    let refreshing: ReturnType<typeof post> | undefined;
    await t.db.transaction(async (tx) => {
      // What a reset does, in its order: the account's row (a new token version), then its sessions.
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, user.id));
      refreshing = post(t.app, '/token/refresh/', { refresh: session.refresh_token });
      // The refresh waits for the reset: it must not issue a token the reset's revocation cannot
      // see. On PostgreSQL it waits for the account's row (without it, it answered 200 at once);
      // on PGlite for the one connection, whatever the code does, so only the PostgreSQL run of
      // this test can fail.
      const first = await Promise.race([
        refreshing.then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
      ]);
      expect(first).toBe('waiting');
      await revokeAllForUser(tx, user.id);
    });
    expect((await refreshing!).statusCode).toBe(401);
    const live = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(live.filter((row) => !row.revokedAt)).toEqual([]);
  });

  test('logout revokes the family and is idempotent', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.phone!, 'Passw0rd!');
    const rotated = (await post(t.app, '/token/refresh/', { refresh: session.refresh_token })).json().token;
    const out = await post(t.app, '/logout/', { refresh: rotated.refresh });
    expect(out.statusCode).toBe(200);
    expect((await post(t.app, '/logout/', { refresh: rotated.refresh })).statusCode).toBe(200);
    expect((await post(t.app, '/logout/', { refresh: 'never-issued' })).statusCode).toBe(200);
    expect((await post(t.app, '/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
  });
});

describe('logout ends the session at once', () => {
  test("the session's access token is refused right after logout; another session keeps working", async () => {
    const user = await createUser(t.db);
    const phone = await login(t.app, user.phone!, 'Passw0rd!');
    const laptop = await login(t.app, user.phone!, 'Passw0rd!');
    expect((await profile(phone.access_token)).statusCode).toBe(200);
    expect((await post(t.app, '/logout/', { refresh: phone.refresh_token })).statusCode).toBe(200);
    const after = await profile(phone.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe('User is inactive or the token has been revoked.');
    expect((await profile(laptop.access_token)).statusCode).toBe(200);
  });

  test('an access token from a rotated refresh token dies with its session too', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.phone!, 'Passw0rd!');
    const rotated = (await post(t.app, '/token/refresh/', { refresh: session.refresh_token })).json().token;
    // Both access tokens of the session work until the session ends.
    expect((await profile(session.access_token)).statusCode).toBe(200);
    expect((await profile(rotated.access)).statusCode).toBe(200);
    // A replayed refresh token ends the session: its access tokens go at once.
    await spentLongAgo(session.refresh_token);
    expect((await post(t.app, '/token/refresh/', { refresh: session.refresh_token })).statusCode).toBe(401);
    expect((await profile(session.access_token)).statusCode).toBe(401);
    expect((await profile(rotated.access)).statusCode).toBe(401);
  });
});

describe('bearer authentication', () => {
  test('missing, malformed and forged tokens get 401 {message, detail}', async () => {
    const none = await t.app.inject({ method: 'GET', url: `${API}/profile/` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ message: expect.any(String), detail: expect.any(String) });
    expect((await profile('not.a.jwt')).statusCode).toBe(401);
    const user = await createUser(t.db);
    const { access_token } = await login(t.app, user.phone!, 'Passw0rd!');
    const [header, payload] = access_token.split('.');
    expect((await profile(`${header}.${payload}.${'A'.repeat(43)}`)).statusCode).toBe(401);
  });

  test('a disabled or deleted user is refused at once, access and refresh', async () => {
    const disabled = await createUser(t.db);
    const deleted = await createUser(t.db);
    const a = await login(t.app, disabled.phone!, 'Passw0rd!');
    const b = await login(t.app, deleted.phone!, 'Passw0rd!');
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    expect((await profile(a.access_token)).statusCode).toBe(401);
    expect((await profile(b.access_token)).statusCode).toBe(401);
    expect((await post(t.app, '/token/refresh/', { refresh: a.refresh_token })).statusCode).toBe(401);
    expect((await post(t.app, '/token/refresh/', { refresh: b.refresh_token })).statusCode).toBe(401);
    expect(
      (await post(t.app, '/login/', { phone_or_email: deleted.phone, password: 'Passw0rd!' })).statusCode,
    ).toBe(401);
    // A disabled account hears so only after the right password (like an unverified one).
    const wrong = await post(t.app, '/login/', {
      phone_or_email: disabled.phone,
      password: 'Wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    const right = await post(t.app, '/login/', { phone_or_email: disabled.phone, password: 'Passw0rd!' });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe('This account has been disabled. Please contact support.');
  });
});
