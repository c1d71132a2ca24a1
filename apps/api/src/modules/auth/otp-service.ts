import { randomInt } from 'node:crypto';
import type { Language } from '@pasal/contract/language';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { otpCodes } from '../../db/schema/platform';
import { AppError, BadRequestError, TooManyRequestsError } from '../../lib/errors';
import { enforceLimit, releaseHit } from '../../lib/rate-limit';
import { hmacHex, sameHex } from '../../lib/secure-token';
import type { MessageChannel } from '../messaging/message-sender';
import type { Messenger } from '../messaging/messenger';
import { templatesFor } from '../messaging/templates/message-templates';

// DECISIONS.md §4: 6 digits, CSPRNG, single use, 10 minutes, 5 wrong tries, 60 s between sends, hourly caps.
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const OTP_HOURLY_PER_RECIPIENT = 5;
export const OTP_HOURLY_PER_ADDRESS = 20;

export type OtpPurpose = 'signup' | 'onboarding' | 'reset' | 'email';

export interface OtpTarget {
  recipient: string;
  purpose: OtpPurpose;
}

function codeHash(secret: string, target: OtpTarget, code: string): string {
  return hmacHex(secret, `otp:${target.purpose}:${target.recipient}:${code}`);
}

/** The code's message in the recipient's language. */
function messageFor(purpose: OtpPurpose, language: Language, code: string) {
  const templates = templatesFor(language);
  return purpose === 'reset' ? templates.resetCode(code) : templates.verificationCode(code);
}

export const FAILED_TO_SEND = 'Failed to send OTP';

/**
 * Makes a code, stores only its HMAC and sends it. The per-recipient lock makes the 60 s rule hold
 * under concurrent requests; the hourly caps live in rate_limits. A provider failure withdraws the
 * code and the recipient's hourly hit (so the user may retry at once) and answers 502 "Failed to send OTP".
 */
export async function issueOtp(
  db: Db,
  messenger: Messenger,
  secret: string,
  request: OtpTarget & { channel: MessageChannel; clientIp: string; language: Language },
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const recipientKey = `otp:to:${request.recipient}`;
  const issued = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${request.recipient}`}))`);
    const [last] = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(eq(otpCodes.recipient, request.recipient))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    const now = Date.now();
    if (last) {
      const wait = Math.ceil((last.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - now) / 1000);
      if (wait > 0) {
        throw new TooManyRequestsError(`Please wait ${wait} seconds before requesting another OTP.`, wait);
      }
    }
    const perRecipient = await enforceLimit(tx, {
      key: recipientKey,
      limit: OTP_HOURLY_PER_RECIPIENT,
      windowSeconds: 3600,
      message: 'Too many OTP requests for this recipient. Please try again later.',
    });
    await enforceLimit(tx, {
      key: `otp:ip:${request.clientIp}`,
      limit: OTP_HOURLY_PER_ADDRESS,
      windowSeconds: 3600,
      message: 'Too many OTP requests from your network. Please try again later.',
    });
    const [row] = await tx
      .insert(otpCodes)
      .values({
        recipient: request.recipient,
        channel: request.channel,
        purpose: request.purpose,
        codeHash: codeHash(secret, request, code),
        expiresAt: new Date(now + OTP_TTL_MS),
        clientIp: request.clientIp,
        createdAt: new Date(now),
      })
      .returning({ id: otpCodes.id });
    return { id: row.id, recipientWindow: perRecipient.windowStart };
  });
  try {
    await messenger.send({
      channel: request.channel,
      to: request.recipient,
      otp: code,
      ...messageFor(request.purpose, request.language, code),
    });
  } catch {
    // Nothing reached the recipient: withdraw the code (the 60 s rule goes with it) and give the
    // recipient's hourly hit back. The per-address hit stays, so failures cannot be farmed.
    await db.transaction(async (tx) => {
      await tx.delete(otpCodes).where(eq(otpCodes.id, issued.id));
      await releaseHit(tx, recipientKey, issued.recipientWindow);
    });
    throw new AppError(502, FAILED_TO_SEND);
  }
}

const LOCKED = 'Too many wrong attempts. Please request a new OTP.';
const USED = 'This OTP has already been used. Please request a new one.';

/**
 * Checks `code` against the newest code for the target. A wrong code costs one of 5 tries (kept
 * even though the request fails); a right one is consumed and `onVerified` runs in the same
 * transaction, so a verification never half-happens.
 */
export async function verifyOtp<T>(
  db: Db,
  secret: string,
  target: OtpTarget,
  code: string,
  onVerified: (tx: Tx, verifiedAt: Date, code: { id: number; createdAt: Date }) => Promise<T>,
): Promise<T> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.recipient, target.recipient), eq(otpCodes.purpose, target.purpose)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  if (!row) throw new BadRequestError('Invalid OTP. Please request a new one.');
  if (row.consumedAt) throw new BadRequestError(USED);
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw new BadRequestError(LOCKED);
  if (row.expiresAt.getTime() <= Date.now())
    throw new BadRequestError('OTP has expired. Please request a new one.');

  if (!sameHex(codeHash(secret, target, code), row.codeHash)) {
    const [counted] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, row.id), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
      .returning({ attempts: otpCodes.attempts });
    if (!counted || counted.attempts >= OTP_MAX_ATTEMPTS) throw new BadRequestError(LOCKED);
    throw new BadRequestError('Invalid OTP');
  }

  const now = new Date();
  return db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpCodes.id, row.id),
          isNull(otpCodes.consumedAt),
          lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
          gt(otpCodes.expiresAt, now),
        ),
      )
      .returning({ id: otpCodes.id });
    if (!consumed) throw new BadRequestError(USED);
    return onVerified(tx, now, { id: row.id, createdAt: row.createdAt });
  });
}

/**
 * Ends every outstanding code for `recipients` and `purpose` (they expire now), e.g. when the
 * sign-up they were sent for is replaced. The rows stay, so the 60 s rule still counts them.
 */
export async function expireOtps(tx: Tx, recipients: string[], purpose: OtpPurpose): Promise<void> {
  if (recipients.length === 0) return;
  const now = new Date();
  await tx
    .update(otpCodes)
    .set({ expiresAt: now })
    .where(
      and(
        inArray(otpCodes.recipient, recipients),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.expiresAt, now),
      ),
    );
}
