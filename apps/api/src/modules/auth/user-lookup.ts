import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;

/** An e-mail is compared case-insensitively; anything without "@" is a phone number. */
export function normalizeIdentifier(value: string): string {
  const trimmed = value.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

/** The live (not deleted) user with this phone or e-mail. */
export async function findUserByIdentifier(db: DbOrTx, identifier: string): Promise<UserRow | undefined> {
  const value = normalizeIdentifier(identifier);
  const match = value.includes('@') ? sql`lower(${users.email}) = ${value}` : eq(users.phone, value);
  const [user] = await db
    .select()
    .from(users)
    .where(and(match, isNull(users.deletedAt)));
  return user;
}

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  return user;
}

export const ACCOUNT_DISABLED = 'This account has been disabled. Please contact support.';

/** Disabled by staff: refused by login, tokens and every OTP, onboarding and reset flow. */
export function isDisabled(user: Pick<UserRow, 'disabledAt'>): boolean {
  return user.disabledAt !== null;
}

/**
 * A pending sign-up: not active, not disabled, not deleted and never verified. Nobody has proved
 * anything about it, so whoever proves the phone (or signs up again) gets a clean account instead.
 */
export function isPending(
  user: Pick<UserRow, 'isActive' | 'disabledAt' | 'deletedAt' | 'phoneVerifiedAt' | 'emailVerifiedAt'>,
): boolean {
  return (
    !user.isActive &&
    user.disabledAt === null &&
    user.deletedAt === null &&
    user.phoneVerifiedAt === null &&
    user.emailVerifiedAt === null
  );
}
