import { z } from 'zod';

export const messageChannel = z.enum(['sms', 'email']);
export type MessageChannel = z.infer<typeof messageChannel>;

export const outboxQuery = z.object({
  to: z.string().trim().max(254, 'Recipient is too long').optional(),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

export const outboxMessage = z.object({
  to: z.string(),
  channel: messageChannel,
  text: z.string(),
  otp: z.string().nullable(),
  segments: z
    .number()
    .int()
    .nullable()
    .describe(
      'SMS parts the provider bills (GSM-7: 160, then 153 each; Unicode: 70, then 67); null for e-mail',
    ),
  created_at: z.string().describe('ISO 8601'),
  status: z
    .enum(['queued', 'sent', 'failed'])
    .describe(
      'sent: a provider (or the outbox itself) carried it; failed: the retries were given up; queued: waiting',
    ),
  attempts: z.number().int().describe('Sends a provider was asked to make'),
  error: z.string().nullable().describe("The last provider's refusal, if any"),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** What the SMS matching the query cost, all of them (not only the newest listed). */
export const outboxSmsTotals = z.object({
  sms_messages: z.number().int(),
  sms_segments: z
    .number()
    .int()
    .describe('SMS parts billed; messages recorded before counting began count none'),
});
export type OutboxSmsTotals = z.infer<typeof outboxSmsTotals>;

/** GET /api/dev/outbox: newest first. */
export const outboxList = z.object({ results: z.array(outboxMessage), totals: outboxSmsTotals });
export type OutboxList = z.infer<typeof outboxList>;
