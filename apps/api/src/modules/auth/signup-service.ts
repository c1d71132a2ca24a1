import type { Language } from '@pasal/contract/language';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema/users';
import { BadRequestError, ConflictError, FieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { uniqueViolation } from '../../lib/pg-errors';
import { enforceLimit } from '../../lib/rate-limit';
import { randomToken, sha256Hex } from '../../lib/secure-token';
import type { Messenger } from '../messaging/messenger';
import { limitAccountLookups } from './lookup-limit';
import { expireOtps, issueOtp, verifyOtp } from './otp-service';
import { ACCOUNT_DISABLED, findUserByPhone, isDisabled, isPending, type UserRow } from './user-lookup';

export const PHONE_TAKEN = 'A user with this phone number already exists.';
export const EMAIL_TAKEN = 'A user with this email already exists.';
const STALE_SIGNUP_OTP = 'This OTP is not valid for the current sign-up. Please request a new one.';

/** Turns a unique-index violation (two sign-ups racing) into the same field error as the checks. */
export function duplicateError(error: unknown): FieldError | undefined {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return undefined;
  return constraint.includes('email')
    ? new FieldError('email', EMAIL_TAKEN)
    : new FieldError('phone', PHONE_TAKEN);
}

export interface SignupInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** The language the visitor chose (English when not said). */
  language?: Language;
}

// Sign-ups per client address per hour (each runs Argon2, so they are not free to make).
export const SIGNUPS_PER_ADDRESS_HOURLY = 10;

/**
 * The pending sign-ups the new one replaces; a field error when the phone or e-mail belongs to a
 * verified, disabled or deleted account. A pending row holds nothing anybody proved, so one matched
 * by phone or by e-mail (whatever its age) never blocks the owner.
 */
async function replaceableRows(db: DbOrTx, input: SignupInput): Promise<UserRow[]> {
  const byPhone = await findUserByPhone(db, input.phone);
  if (byPhone && !isPending(byPhone)) throw new FieldError('phone', PHONE_TAKEN);
  const [byEmail] = await db.select().from(users).where(sql`lower(${users.email}) = ${input.email}`);
  if (byEmail && byEmail.id !== byPhone?.id && !isPending(byEmail)) {
    throw new FieldError('email', EMAIL_TAKEN);
  }
  return [byPhone, byEmail].filter(
    (row, index, rows): row is UserRow =>
      row !== undefined && rows.findIndex((r) => r?.id === row.id) === index,
  );
}

/**
 * Removes pending sign-ups (their tokens go by cascade) and ends the activation codes sent for
 * them, so a code sent for a replaced sign-up can never activate whoever holds the phone now.
 */
export async function discardPendingSignups(tx: Tx, rows: UserRow[], alsoPhone?: string): Promise<void> {
  const phones = rows.map((row) => row.phone).filter((phone): phone is string => phone !== null);
  if (alsoPhone) phones.push(alsoPhone);
  await expireOtps(tx, phones, 'signup');
  if (rows.length > 0) {
    await tx.delete(users).where(
      inArray(
        users.id,
        rows.map((row) => row.id),
      ),
    );
  }
}

/**
 * E-mail sign-up: an inactive account until the phone OTP is verified. Pending sign-ups with the
 * same phone or e-mail are replaced by a fresh row, so an abandoned or squatted one never blocks
 * the owner. The address limit and the duplicate checks come before the (costly) password hash.
 */
export async function signup(
  db: Db,
  input: SignupInput,
  clientIp: string,
): Promise<{ user: UserRow; signupToken: string }> {
  await enforceLimit(db, {
    key: `signup:ip:${clientIp}`,
    limit: SIGNUPS_PER_ADDRESS_HOURLY,
    windowSeconds: 3600,
    message: 'Too many sign-up attempts from your network. Please try again later.',
  });
  // "Already exists" tells whether an account holds the phone or the e-mail: each counts in the
  // budget the routes that tell it share (decision 034). Not the address's: sign-ups have their own
  // limit per address, and legitimate ones behind a mobile network's shared address would use up
  // that network's password resets.
  await limitAccountLookups(db, { clientIp, identifier: [input.phone, input.email], perAddress: false });
  await replaceableRows(db, input);
  const passwordHash = await hashPassword(input.password);
  const signupToken = randomToken();
  try {
    const user = await db.transaction(async (tx) => {
      await discardPendingSignups(tx, await replaceableRows(tx, input), input.phone);
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          phone: input.phone,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          language: input.language ?? 'en',
          isActive: false,
          // Activation codes must be newer than this (see verifySignupOtp).
          updatedAt: new Date(),
          signupTokenHash: sha256Hex(signupToken),
        })
        .returning();
      return row;
    });
    return { user, signupToken };
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

export const SIGNUP_REPLACED =
  'This sign-up was replaced by a newer one for the same phone number or e-mail. Please sign up again.';

/**
 * The sign-up that `signupToken` was handed out for, if it still holds `phone`. A token matches
 * nothing once its sign-up was replaced (the row is gone), so the client hears that instead of
 * serving whoever signed up since, and the answer never depends on who else holds the phone.
 */
async function signupOf(db: DbOrTx, phone: string, signupToken: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.signupTokenHash, sha256Hex(signupToken)), eq(users.phone, phone)));
  if (!user || user.deletedAt) throw new ConflictError(SIGNUP_REPLACED);
  return user;
}

/** Sends the phone OTP that activates an e-mail sign-up, to the client that made the sign-up. */
export async function sendSignupOtp(
  db: Db,
  messenger: Messenger,
  secret: string,
  request: { phone: string; signupToken: string; clientIp: string },
): Promise<void> {
  const user = await signupOf(db, request.phone, request.signupToken);
  if (isDisabled(user)) throw new FieldError('phone', ACCOUNT_DISABLED);
  if (!isPending(user)) {
    throw new FieldError('phone', 'This phone number is already verified. Please log in.');
  }
  await issueOtp(db, messenger, secret, {
    recipient: request.phone,
    purpose: 'signup',
    channel: 'sms',
    clientIp: request.clientIp,
    language: user.language,
  });
}

/**
 * Verifies the phone OTP and activates the account in the same transaction: only the sign-up the
 * token was handed out for, while it still holds the phone, and only with a code sent after it was
 * made (codes sent for a replaced sign-up are older).
 */
export async function verifySignupOtp(
  db: Db,
  secret: string,
  request: { phone: string; otp: string; signupToken: string },
): Promise<void> {
  const { phone } = request;
  const signup = await signupOf(db, phone, request.signupToken);
  await verifyOtp(db, secret, { recipient: phone, purpose: 'signup' }, request.otp, async (tx, now, code) => {
    const [activated] = await tx
      .update(users)
      .set({ isActive: true, phoneVerifiedAt: now, updatedAt: now })
      .where(
        and(
          eq(users.id, signup.id),
          eq(users.phone, phone),
          eq(users.signupTokenHash, sha256Hex(request.signupToken)),
          eq(users.isActive, false),
          isNull(users.deletedAt),
          isNull(users.disabledAt),
          isNull(users.phoneVerifiedAt),
          isNull(users.emailVerifiedAt),
          lte(users.updatedAt, code.createdAt),
        ),
      )
      .returning({ id: users.id });
    if (!activated) throw new BadRequestError(STALE_SIGNUP_OTP);
  });
}
