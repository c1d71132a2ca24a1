import type { Db } from '../../db/client';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { clearCounter, enforceLimit, releaseHit } from '../../lib/rate-limit';
import { issueTokens, type TokenPair } from './session-service';
import { ACCOUNT_DISABLED, findUserByIdentifier, isDisabled, normalizeIdentifier } from './user-lookup';

// Failed logins in 15-minute windows, counted per (account, client address) pair and per client
// address. The pair is keyed by the account, so its phone and e-mail share one budget; an identifier
// without an account is counted on its own. There is no lock on the account alone: strangers
// guessing from their own addresses never lock the real user out on theirs. The address ceiling is
// high because many shoppers share one address (carrier NAT): failures for made-up users there must
// not lock out everybody else's right password. Each attempt is counted before the password is
// checked, so parallel requests cannot slip past; a successful login gives its hits back.
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 500;

const THROTTLED = 'Too many failed login attempts. Please try again later.';

export async function login(
  db: Db,
  secret: string,
  request: { identifier: string; password: string; clientIp: string },
): Promise<{ userId: number; tokens: TokenPair }> {
  const user = await findUserByIdentifier(db, request.identifier);
  const account = user ? `user:${user.id}` : `id:${normalizeIdentifier(request.identifier)}`;
  const addressKey = `login:ip:${request.clientIp}`;
  const pairKey = `login:pair:${request.clientIp}:${account}`;
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
