import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { FieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { uniqueViolation } from '../../lib/pg-errors';
import type { Messenger } from '../messaging/messenger';
import { issueOtp, verifyOtp } from './otp-service';
import { findUserByPhone, type UserRow } from './user-lookup';

export const PHONE_TAKEN = 'A user with this phone number already exists.';
export const EMAIL_TAKEN = 'A user with this email already exists.';

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
}

/**
 * E-mail sign-up: an inactive account until the phone OTP is verified. A pending (never verified)
 * sign-up with the same phone is replaced, so an abandoned or squatted sign-up never blocks the owner.
 */
export async function signup(db: Db, input: SignupInput): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const byPhone = await findUserByPhone(tx, input.phone);
      const pending = byPhone && !byPhone.isActive && !byPhone.phoneVerifiedAt && !byPhone.deletedAt;
      if (byPhone && !pending) throw new FieldError('phone', PHONE_TAKEN);
      const [byEmail] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email}`);
      if (byEmail && byEmail.id !== byPhone?.id) throw new FieldError('email', EMAIL_TAKEN);
      const values = {
        email: input.email,
        phone: input.phone,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        isActive: false,
        updatedAt: new Date(),
      };
      const [row] = byPhone
        ? await tx.update(users).set(values).where(eq(users.id, byPhone.id)).returning()
        : await tx.insert(users).values(values).returning();
      return row;
    });
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

/** Sends the phone OTP that activates an e-mail sign-up. */
export async function sendSignupOtp(
  db: Db,
  messenger: Messenger,
  secret: string,
  request: { phone: string; clientIp: string },
): Promise<void> {
  const user = await findUserByPhone(db, request.phone);
  if (!user || user.deletedAt) {
    throw new FieldError('phone', 'No sign-up found for this phone number. Please sign up first.');
  }
  if (user.isActive && user.phoneVerifiedAt) {
    throw new FieldError('phone', 'This phone number is already verified. Please log in.');
  }
  await issueOtp(db, messenger, secret, {
    recipient: request.phone,
    purpose: 'signup',
    channel: 'sms',
    clientIp: request.clientIp,
  });
}

/** Verifies the phone OTP and activates the account in the same transaction. */
export async function verifySignupOtp(db: Db, secret: string, phone: string, otp: string): Promise<void> {
  await verifyOtp(db, secret, { recipient: phone, purpose: 'signup' }, otp, async (tx, now) => {
    await tx
      .update(users)
      .set({ isActive: true, phoneVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.phone, phone), isNull(users.deletedAt)));
  });
}
