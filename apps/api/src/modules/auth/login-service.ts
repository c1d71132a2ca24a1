import type { Db } from '../../db/client';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { assertUnderLimit, clearCounter, hitCounter } from '../../lib/rate-limit';
import { issueTokens, type TokenPair } from './session-service';
import { findUserByIdentifier, normalizeIdentifier } from './user-lookup';

// Failed logins per account and per client address, in 15-minute windows. A throttled account is
// refused for the rest of the window only (at most 15 minutes), and a successful login clears it.
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 50;

const THROTTLED = 'Too many failed login attempts. Please try again later.';

export async function login(
  db: Db,
  secret: string,
  request: { identifier: string; password: string; clientIp: string },
): Promise<{ userId: number; tokens: TokenPair }> {
  const accountKey = `login:acct:${normalizeIdentifier(request.identifier)}`;
  const addressKey = `login:ip:${request.clientIp}`;
  await assertUnderLimit(db, {
    key: accountKey,
    limit: LOGIN_FAILURES_PER_ACCOUNT,
    windowSeconds: LOGIN_WINDOW_SECONDS,
    message: THROTTLED,
  });
  await assertUnderLimit(db, {
    key: addressKey,
    limit: LOGIN_FAILURES_PER_ADDRESS,
    windowSeconds: LOGIN_WINDOW_SECONDS,
    message: THROTTLED,
  });

  const user = await findUserByIdentifier(db, request.identifier);
  // Unknown users cost one Argon2 verification too, so timing does not tell who has an account.
  const hash = user?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(hash, request.password);
  if (!user?.passwordHash || !matches) {
    await hitCounter(db, accountKey, LOGIN_WINDOW_SECONDS);
    await hitCounter(db, addressKey, LOGIN_WINDOW_SECONDS);
    throw new UnauthorizedError('Invalid Credentials');
  }
  // Only someone who knows the password learns that the account still awaits verification.
  if (!user.isActive)
    throw new ForbiddenError('Your account is not verified yet. Please verify your phone number.');
  await clearCounter(db, accountKey);
  return { userId: user.id, tokens: await issueTokens(db, secret, user) };
}
