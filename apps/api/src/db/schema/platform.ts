import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// OTP codes are stored hashed; purpose separates sign-up, onboarding, password reset and e-mail proof.
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    purpose: text('purpose', { enum: ['signup', 'onboarding', 'reset', 'email'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    // A verified onboarding code is spent once, by setting the password.
    spentAt: timestamp('spent_at', { withTimezone: true }),
    // SHA-256 of the token a verified onboarding code hands its verifier: set-password needs it.
    proofHash: text('proof_hash'),
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_recipient_idx').on(t.recipient, t.purpose, t.createdAt)],
);

// Every outgoing SMS or e-mail. With no provider configured this is where messages end up.
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** E-mail subject of a queued message, so a retry sends the same e-mail. */
    subject: text('subject'),
    text: text('text').notNull(),
    otp: text('otp'),
    provider: text('provider').notNull().default('outbox'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Delivery of queued messages (order confirmations) by a real provider, retried by the
    // outbox sweeper (docs/decisions/027): how many sends were tried, when the next one is due
    // (null: nothing left to do), the lease of the instance sending it now, and when it was given up.
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    // SMS parts the provider bills (GSM-7 160/153, UCS-2 70/67 characters), counted when queued;
    // null for e-mail and for SMS recorded before the count existed (docs/decisions/045).
    segments: integer('segments'),
  },
  (t) => [
    index('message_outbox_recipient_idx').on(t.recipient, t.createdAt),
    // The sweeper's scan: only rows still waiting for a provider are in it.
    index('message_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
  ],
);

// Fixed-window counters shared by every API instance (OTP caps, login throttling).
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// A retried POST with the same Idempotency-Key gets the first answer back.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still finishing (an online payment being started). */
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_uq').on(t.userId, t.key),
    // The hourly prune of keys past their retention.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

// Secrets every instance must share, made by the first one to start: outside production without
// JWT_SECRET, the signing secret of tokens and OTP codes (PostgreSQL mode; docs/decisions/021).
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
