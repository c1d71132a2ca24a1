import type { Db } from '../../db/client';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { clearCounter, enforceLimit, releaseHit } from '../../lib/rate-limit';
import { issueTokens, type TokenPair } from './session-service';
import { ACCOUNT_DISABLED, findUserByIdentifier, isDisabled, normalizeIdentifier } from './user-lookup';

// Login attempts in 15-minute windows, per (account, client address) pair and per client address.
// There is no lock on the account alone: strangers guessing a password from their own addresses
// never lock the real user out on theirs. Each attempt is counted before the password is checked,
// so parallel requests cannot slip past the limit; a successful login gives its hits back.
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 50;

const THROTTLED = 'Too many failed login attempts. Please try again later.';

export async function login(
  db: Db,
  secret: string,
  request: { identifier: string; password: string; clientIp: string },
): Promise<{ userId: number; tokens: TokenPair }> {
  const addressKey = `login:ip:${request.clientIp}`;
  const pairKey = `login:pair:${request.clientIp}:${normalizeIdentifier(request.identifier)}`;
  const address = await enforceLimit(db, {
    key: addressKey,
    limit: LOGIN_FAILURES_PER_ADDRESS,
    windowSeconds: LOGIN_WINDOW_SECONDS,
    message: THROTTLED,
  });
  await enforceLimit(db, {
    key: pairKey,
    limit: LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    windowSeconds: LOGIN_WINDOW_SECONDS,
    message: THROTTLED,
  });

  const user = await findUserByIdentifier(db, request.identifier);
  // Unknown users cost one Argon2 verification too, so timing does not tell who has an account.
  const hash = user?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(hash, request.password);
  if (!user?.passwordHash || !matches) throw new UnauthorizedError('Invalid Credentials');

  // The right password: this attempt was no failure.
  await clearCounter(db, pairKey);
  await releaseHit(db, addressKey, address.windowStart);
  // Only someone who knows the password learns that the account is disabled or still unverified.
  if (isDisabled(user)) throw new ForbiddenError(ACCOUNT_DISABLED);
  if (!user.isActive)
    throw new ForbiddenError('Your account is not verified yet. Please verify your phone number.');
  return { userId: user.id, tokens: await issueTokens(db, secret, user) };
}
