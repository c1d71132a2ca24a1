import { outboxList, outboxQuery } from '@pasal/contract/messaging';
import { and, count, desc, eq, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageOutbox } from '../../db/schema/platform';
import { errorResponses } from '../../lib/error-responses';

/** GET /api/dev/outbox?to=: the messages the shop would have sent; registered only outside production. */
export async function outboxRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/outbox',
    {
      schema: {
        summary: 'List the newest messages the shop would have sent (development only)',
        operationId: 'listOutboxMessages',
        tags: ['dev'],
        querystring: outboxQuery,
        response: { 200: outboxList, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const to = request.query.to?.includes('@') ? request.query.to.toLowerCase() : request.query.to;
      const recipient = to ? eq(messageOutbox.recipient, to) : undefined;
      const rows = await db
        .select()
        .from(messageOutbox)
        .where(recipient)
        .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
        .limit(50);
      const [sms] = await db
        .select({ messages: count(), segments: sum(messageOutbox.segments).mapWith(Number) })
        .from(messageOutbox)
        .where(and(recipient, eq(messageOutbox.channel, 'sms')));
      return {
        totals: { sms_messages: sms.messages, sms_segments: sms.segments ?? 0 },
        results: rows.map((row) => ({
          to: row.recipient,
          channel: row.channel,
          text: row.text,
          otp: row.otp,
          segments: row.segments,
          created_at: row.createdAt.toISOString(),
          status: row.sentAt ? ('sent' as const) : row.givenUpAt ? ('failed' as const) : ('queued' as const),
          attempts: row.attempts,
          error: row.error,
        })),
      };
    },
  );
}
