import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// A shopper or staff member. Phone and e-mail are each unique (e-mail case-insensitively).
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth'),
    image: text('image'),
    isActive: boolean('is_active').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    // A delivery rider: not staff (the console refuses them), sees only the orders assigned to them
    // (docs/decisions/057-delivery-riders.md).
    isRider: boolean('is_rider').notNull().default(false),
    // Raised to end every access token at once (password reset); tokens carry the version they got.
    tokenVersion: integer('token_version').notNull().default(0),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Set by staff to disable an account: no login, no tokens, no OTP or onboarding flow revives it.
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    // SHA-256 of the token an e-mail sign-up returns: only its holder may send and verify its OTP.
    signupTokenHash: text('signup_token_hash'),
    // The language of the SMS and e-mail the shop sends the account (docs/decisions/045).
    language: text('language', { enum: ['en', 'ne'] })
      .notNull()
      .default('en'),
    // Off: the shop sends the account only the order's receipt, cancellation and refund, not each
    // delivery step (docs/decisions/059).
    orderUpdates: boolean('order_updates').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_signup_token_hash_uq').on(t.signupTokenHash),
    check('users_language_known', sql`${t.language} in ('en', 'ne')`),
    check('users_staff_or_rider', sql`not (${t.isStaff} and ${t.isRider})`),
  ],
);

// Refresh tokens are stored hashed; a family is one login's chain of rotations.
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

// Single-use password reset tokens handed out after an e-mail OTP check.
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash)],
);
