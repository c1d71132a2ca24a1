import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { refreshTokens, users } from '../../db/schema/users';
import { signAccessToken } from '../../lib/access-token';
import { UnauthorizedError } from '../../lib/errors';
import { randomToken, sha256Hex } from '../../lib/secure-token';

export const REFRESH_TOKEN_MS = 30 * 24 * 3600_000;
/**
 * A spent refresh token presented again within this time, while nothing issued after it has been
 * used, is the same client again (two tabs at once, an answer lost on a mobile network), not a
 * thief: it gets a new pair in its session instead of ending it (decision 088).
 */
export const REUSE_GRACE_MS = 60_000;
/** How many new pairs one spent token may get within its grace (two tabs, a retry or two). */
export const GRACE_REISSUES = 2;

export interface TokenPair {
  access: string;
  refresh: string;
}

/** A new refresh token (stored as its SHA-256) in `familyId`, and an access token for the user. */
export async function issueTokens(
  db: DbOrTx,
  secret: string,
  user: { id: number; tokenVersion: number },
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const refresh = randomToken();
  await db.insert(refreshTokens).values({
    userId: user.id,
    familyId,
    tokenHash: sha256Hex(refresh),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_MS),
  });
  const access = await signAccessToken(secret, {
    userId: user.id,
    version: user.tokenVersion,
    sessionId: familyId,
  });
  return { access, refresh };
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

function invalid(detail = 'Token is invalid or expired'): UnauthorizedError {
  return new UnauthorizedError('Token is invalid or expired', { detail, code: 'token_not_valid' });
}

/**
 * Spends a refresh token for a new pair in the same family. A token presented twice (stolen or
 * replayed) revokes its whole family, so both holders are logged out; except within
 * REUSE_GRACE_MS of its first use while nothing issued after it has been used (decision 088).
 */
export async function rotateRefreshToken(db: Db, secret: string, presented: string): Promise<TokenPair> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(presented)));
  if (!row || row.revokedAt) throw invalid();
  if (row.usedAt && !withinGrace(row.usedAt)) return endForReuse(db, row.familyId);
  if (row.expiresAt.getTime() <= Date.now()) throw invalid();
  const pair = await db.transaction(async (tx) => {
    // The account's row first, shared: a password reset or a disable changes it before ending the
    // sessions, in one transaction. So a rotation and such an ending take turns: the new token is
    // either issued before and ended with the others, or never issued. (Read before the
    // transaction, a reset could end the sessions between this read and the new token's insert,
    // and the new token would outlive it.)
    const [user] = await tx
      .select({
        id: users.id,
        tokenVersion: users.tokenVersion,
        isActive: users.isActive,
        deletedAt: users.deletedAt,
        disabledAt: users.disabledAt,
      })
      .from(users)
      .where(eq(users.id, row.userId))
      .for('share');
    if (!user?.isActive || user.deletedAt || user.disabledAt) return 'inactive' as const;
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (!claimed && !(await presentedAgain(tx, row))) return null;
    return issueTokens(tx, secret, user, row.familyId);
  });
  if (pair === 'inactive') {
    await revokeFamily(db, row.familyId);
    throw invalid('User is inactive.');
  }
  // Spent by someone else, or by this client too long ago: reuse. (Also when the session ended
  // meanwhile, when revoking it again changes nothing.)
  if (!pair) return endForReuse(db, row.familyId);
  return pair;
}

function withinGrace(usedAt: Date): boolean {
  return Date.now() - usedAt.getTime() <= REUSE_GRACE_MS;
}

/**
 * Whether a spent token, presented again, is its own client's duplicate: spent within the grace,
 * not revoked, no token issued after it (ids grow) used yet, and fewer than GRACE_REISSUES pairs
 * already given for it (one copy cannot mint sessions at will). Read inside the transaction, after
 * the claim that found it spent: on PostgreSQL that claim waited for the spending transaction, so
 * its successor is visible here; the token's row is locked so that two such presentations are
 * counted one after the other.
 */
async function presentedAgain(tx: DbOrTx, row: { id: number; familyId: string }): Promise<boolean> {
  const [now] = await tx
    .select({ usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, row.id))
    .for('update');
  if (!now?.usedAt || now.revokedAt || !withinGrace(now.usedAt)) return false;
  const later = await tx
    .select({ usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, row.familyId), gt(refreshTokens.id, row.id)));
  // Its successor plus the pairs already given again.
  return later.every((token) => token.usedAt === null) && later.length <= GRACE_REISSUES;
}

async function endForReuse(db: Db, familyId: string): Promise<never> {
  await revokeFamily(db, familyId);
  throw invalid('Refresh token was already used; the session has been ended.');
}

/**
 * Logout: ends the presented token's family, and with it (authenticate.ts) that session's access
 * tokens at once; unknown or already revoked tokens are fine too.
 */
export async function logout(db: Db, presented: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(presented)));
  if (row) await revokeFamily(db, row.familyId);
}
