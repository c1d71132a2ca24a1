import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/users';
import { BadRequestError, FieldError, NotFoundError } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { enforceLimit } from '../../lib/rate-limit';
import type { Messenger } from '../messaging/messenger';
import { limitAccountLookups } from './lookup-limit';
import { issueOtp, verifyOtp } from './otp-service';
import { discardPendingSignups, duplicateError, EMAIL_TAKEN } from './signup-service';
import { isPending, type UserRow } from './user-lookup';

export const ALREADY_VERIFIED = 'This email address is already verified.';
const PASSWORD_NEEDED = 'Please enter your password to add this email address.';
const WRONG_PASSWORD = 'The password is not correct.';

// Password checks when adding an address, per account per hour (a stolen access token must not
// become a way to guess the password).
export const EMAIL_PASSWORD_CHECKS_HOURLY = 10;

async function account(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFoundError('Profile not found.');
  return user;
}

/** Another account holding `email`; it blocks only if its owner proved the address. */
async function otherHolder(db: Db | Tx, userId: number, email: string): Promise<UserRow | undefined> {
  const [holder] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)));
  if (holder?.emailVerifiedAt) throw new FieldError('email', EMAIL_TAKEN);
  return holder;
}

/** Sends a code to `email` (the account's own address, or one it means to add). */
export async function sendEmailVerification(
  db: Db,
  messenger: Messenger,
  secret: string,
  request: { userId: number; email: string; clientIp: string },
): Promise<void> {
  const user = await account(db, request.userId);
  const own = user.email?.toLowerCase() === request.email;
  if (own && user.emailVerifiedAt) throw new FieldError('email', ALREADY_VERIFIED);
  // Whether another account proved the address is an account look-up: it counts in the budget the
  // other such routes share (decision 034), and in one of this account's own.
  if (!own) {
    await limitAccountLookups(db, { clientIp: request.clientIp, identifier: request.email, userId: user.id });
  }
  await otherHolder(db, user.id, request.email);
  await issueOtp(db, messenger, secret, {
    recipient: request.email,
    purpose: 'email',
    channel: 'email',
    clientIp: request.clientIp,
    language: user.language,
  });
}

/**
 * Checks the code and marks the address proved on the caller's account. Adding an address the
 * account does not hold yet needs its password too. Whoever else held the address without proving
 * it loses it here: a pending sign-up is discarded, another account keeps everything but the address.
 */
export async function verifyEmail(
  db: Db,
  secret: string,
  request: { userId: number; email: string; otp: string; password?: string },
): Promise<void> {
  const user = await account(db, request.userId);
  const own = user.email?.toLowerCase() === request.email;
  if (own && user.emailVerifiedAt) throw new FieldError('email', ALREADY_VERIFIED);
  if (!own) {
    if (!request.password) throw new FieldError('password', PASSWORD_NEEDED);
    await enforceLimit(db, {
      key: `email-verify:password:${user.id}`,
      limit: EMAIL_PASSWORD_CHECKS_HOURLY,
      windowSeconds: 3600,
      message: 'Too many attempts. Please try again later.',
    });
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, request.password))) {
      throw new FieldError('password', WRONG_PASSWORD);
    }
  }
  const target = { recipient: request.email, purpose: 'email' } as const;
  await verifyOtp(db, secret, target, request.otp, (tx, now) => claim(tx, now, user.id, request.email)).catch(
    (error: unknown) => {
      // Another account took the address in the same moment: the same answer as the check.
      throw duplicateError(error) ?? error;
    },
  );
}

async function claim(tx: Tx, now: Date, userId: number, email: string): Promise<void> {
  {
    const holder = await otherHolder(tx, userId, email);
    if (holder && isPending(holder)) await discardPendingSignups(tx, [holder]);
    else if (holder) {
      await tx.update(users).set({ email: null, updatedAt: now }).where(eq(users.id, holder.id));
    }
    const [proved] = await tx
      .update(users)
      .set({ email, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!proved) throw new BadRequestError('Profile not found.');
  }
}
