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
  created_at: z.string().describe('ISO 8601'),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** GET /api/dev/outbox: newest first. */
export const outboxList = z.object({ results: z.array(outboxMessage) });
export type OutboxList = z.infer<typeof outboxList>;
