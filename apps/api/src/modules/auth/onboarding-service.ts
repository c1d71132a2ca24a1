import type { Language } from '@pasal/contract/language';
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpCodes } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { BadRequestError, FieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { enforceLimit } from '../../lib/rate-limit';
import { randomToken, sha256Hex } from '../../lib/secure-token';
import type { Messenger } from '../messaging/messenger';
import { limitAccountLookups } from './lookup-limit';
import { issueOtp, verifyOtp } from './otp-service';
import { issueTokens, type TokenPair } from './session-service';
import { discardPendingSignups, duplicateError } from './signup-service';
import { ACCOUNT_DISABLED, findUserByPhone, isDisabled, isPending, type UserRow } from './user-lookup';

/** How long a verified phone may be used to set the password. */
export const ONBOARDING_VERIFIED_MS = 10 * 60_000;

const ACCOUNT_EXISTS = 'An account with this phone number already exists. Please log in.';

// An active account with a password is never taken over by proving the phone again, and a
// disabled one is never revived by it.
function refuseExisting(user: UserRow | undefined): void {
  if (!user) return;
  if (user.deletedAt) throw new FieldError('phone', 'This phone number cannot be used.');
  if (isDisabled(user)) throw new FieldError('phone', ACCOUNT_DISABLED);
  if (user.isActive && user.passwordHash) throw new FieldError('phone', ACCOUNT_EXISTS);
}

export async function sendOnboardingOtp(
  db: Db,
  messenger: Messenger,
  secret: string,
  request: { phone: string; clientIp: string; language?: Language },
): Promise<void> {
  // "Already exists" is an answer about the account: counted like /forget/password.
  await limitAccountLookups(db, { clientIp: request.clientIp, identifier: request.phone });
  refuseExisting(await findUserByPhone(db, request.phone));
  await issueOtp(db, messenger, secret, {
    recipient: request.phone,
    purpose: 'onboarding',
    channel: 'sms',
    clientIp: request.clientIp,
    // No account yet: the language the visitor chose on the page.
    language: request.language ?? 'en',
  });
}

/**
 * Verifies the phone's code and hands the verifier a token (stored hashed on the code) that
 * set-password requires, so only this client, not anyone who knows the phone, sets the password.
 */
export async function verifyOnboardingOtp(
  db: Db,
  secret: string,
  request: { phone: string; otp: string; clientIp: string },
): Promise<string> {
  const { phone } = request;
  await limitAccountLookups(db, { clientIp: request.clientIp, identifier: phone });
  refuseExisting(await findUserByPhone(db, phone));
  const token = randomToken();
  await verifyOtp(
    db,
    secret,
    { recipient: phone, purpose: 'onboarding' },
    request.otp,
    async (tx, _, code) => {
      await tx
        .update(otpCodes)
        .set({ proofHash: sha256Hex(token) })
        .where(eq(otpCodes.id, code.id));
    },
  );
  return token;
}

// Each try may run Argon2 and answers about a proof: 10 an hour per client address.
export const SET_PASSWORDS_PER_ADDRESS_HOURLY = 10;

const NOT_VERIFIED = 'Phone number not verified. Please verify the OTP first.';

/**
 * Spends the phone's OTP verification (made in the last 10 minutes by the holder of `setupToken`)
 * and creates the account (with the names given), answering its first session's tokens. A pending e-mail sign-up holding the phone is discarded, not activated:
 * its e-mail, names and password belong to whoever filled the form, who proved nothing, so the
 * phone's owner gets a clean account that the other party cannot reach through that e-mail.
 */
export async function setOnboardingPassword(
  db: Db,
  secret: string,
  request: {
    phone: string;
    password: string;
    setupToken: string;
    clientIp: string;
    language?: Language;
    firstName?: string;
    lastName?: string;
  },
): Promise<{ userId: number; tokens: TokenPair }> {
  const { phone } = request;
  await enforceLimit(db, {
    key: `set-password:ip:${request.clientIp}`,
    limit: SET_PASSWORDS_PER_ADDRESS_HOURLY,
    windowSeconds: 3600,
    message: 'Too many attempts from your network. Please try again later.',
  });
  const since = new Date(Date.now() - ONBOARDING_VERIFIED_MS);
  const verified = and(
    eq(otpCodes.recipient, phone),
    eq(otpCodes.purpose, 'onboarding'),
    eq(otpCodes.proofHash, sha256Hex(request.setupToken)),
    gte(otpCodes.consumedAt, since),
    isNull(otpCodes.spentAt),
  );
  const [pending] = await db.select({ id: otpCodes.id }).from(otpCodes).where(verified).limit(1);
  if (!pending) throw new BadRequestError(NOT_VERIFIED);
  refuseExisting(await findUserByPhone(db, phone));

  const passwordHash = await hashPassword(request.password);
  try {
    return await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(otpCodes)
        .set({ spentAt: new Date() })
        .where(
          eq(
            otpCodes.id,
            tx
              .select({ id: otpCodes.id })
              .from(otpCodes)
              .where(verified)
              .orderBy(desc(otpCodes.consumedAt))
              .limit(1),
          ),
        )
        .returning({ id: otpCodes.id });
      if (!spent) throw new BadRequestError(NOT_VERIFIED);
      const existing = await findUserByPhone(tx, phone);
      refuseExisting(existing);
      const now = new Date();
      // The names given at sign-up; none (an older client) leaves them as they are.
      const names = {
        ...(request.firstName ? { firstName: request.firstName } : {}),
        ...(request.lastName ? { lastName: request.lastName } : {}),
      };
      let user: UserRow;
      if (existing && !isPending(existing)) {
        // Verified before but without a password (never made by the forms): the phone's owner.
        [user] = await tx
          .update(users)
          .set({
            passwordHash,
            isActive: true,
            phoneVerifiedAt: now,
            updatedAt: now,
            ...names,
            ...(request.language ? { language: request.language } : {}),
          })
          .where(eq(users.id, existing.id))
          .returning();
      } else {
        if (existing) await discardPendingSignups(tx, [existing]);
        [user] = await tx
          .insert(users)
          .values({
            phone,
            passwordHash,
            isActive: true,
            phoneVerifiedAt: now,
            language: request.language ?? 'en',
            ...names,
          })
          .returning();
      }
      // Logged in at once, in the same transaction: no account without its first session's row.
      return { userId: user.id, tokens: await issueTokens(tx, secret, user) };
    });
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}
