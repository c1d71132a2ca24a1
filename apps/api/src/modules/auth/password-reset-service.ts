import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema/users';
import { BadRequestError, FieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { randomToken, sha256Hex } from '../../lib/secure-token';
import type { Messenger } from '../messaging/messenger';
import { limitAccountLookups } from './lookup-limit';
import { issueOtp, verifyOtp } from './otp-service';
import { revokeAllForUser } from './session-service';
import { findUserByIdentifier, isDisabled, type UserRow } from './user-lookup';

export const RESET_TOKEN_MS = 15 * 60_000;

const NO_ACCOUNT = 'No account found with this email.';

// A disabled account is no account here: no reset code, no reset token, no new password.
function resettable(user: UserRow | undefined): user is UserRow & { email: string } {
  return Boolean(user?.isActive && user.email && !isDisabled(user));
}

/**
 * Step 1: is there an account to reset? (The next page asks for the e-mail OTP.) Look-ups are
 * counted per address and per identifier: enough for a forgetful shopper, not for probing.
 */
export async function checkResetAccount(db: Db, identifier: string, clientIp: string): Promise<void> {
  await limitAccountLookups(db, {
    clientIp,
    identifier,
    addressMessage: 'Too many password reset requests from your network. Please try again later.',
  });
  const user = await findUserByIdentifier(db, identifier);
  if (!resettable(user)) throw new FieldError('phone_or_email', NO_ACCOUNT);
}

export async function sendResetOtp(
  db: Db,
  messenger: Messenger,
  secret: string,
  request: { email: string; clientIp: string },
): Promise<void> {
  // Refused before any code is issued, so the OTP send limits never see a "no account" answer.
  await limitAccountLookups(db, { clientIp: request.clientIp, identifier: request.email });
  const user = await findUserByIdentifier(db, request.email);
  if (!resettable(user)) throw new FieldError('email', NO_ACCOUNT);
  await issueOtp(db, messenger, secret, {
    recipient: user.email.toLowerCase(),
    purpose: 'reset',
    channel: 'email',
    clientIp: request.clientIp,
    language: user.language,
  });
}

/** Step 3: the e-mail OTP buys a single-use reset token, valid 15 minutes and stored hashed. */
export async function verifyResetOtp(
  db: Db,
  secret: string,
  request: { identifier: string; otp: string; clientIp: string },
): Promise<string> {
  const { identifier, otp } = request;
  // "No account" and "wrong code" differ, so this is an account look-up too.
  await limitAccountLookups(db, { clientIp: request.clientIp, identifier });
  const user = await findUserByIdentifier(db, identifier);
  if (!resettable(user)) throw new FieldError('phone_or_email', NO_ACCOUNT);
  const token = randomToken();
  await verifyOtp(
    db,
    secret,
    { recipient: user.email.toLowerCase(), purpose: 'reset' },
    otp,
    async (tx, now) => {
      // The code reached the address: its owner has proved it.
      await tx
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)));
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
      });
    },
  );
  return token;
}

const BAD_TOKEN = 'Invalid or expired reset token. Please verify OTP again.';

/** Step 4: spends the token, sets the password and ends every session of the user. */
export async function resetPassword(db: Db, resetToken: string, newPassword: string): Promise<void> {
  const tokenHash = sha256Hex(resetToken);
  const usable = and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );
  const [found] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usable);
  if (!found) throw new FieldError('reset_token', BAD_TOKEN);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, found.id), usable))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw new FieldError('reset_token', BAD_TOKEN);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(and(eq(users.id, spent.userId), isNull(users.deletedAt), isNull(users.disabledAt)))
      .returning({ id: users.id });
    if (!user) throw new BadRequestError(BAD_TOKEN);
    // Other outstanding reset tokens of the user die with this one.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await revokeAllForUser(tx, user.id);
  });
}
