import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable';

const liveBody = z.object({ status: z.literal('ok') });

const readyBody = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
});

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Liveness: the process answers HTTP. It never touches the database, so a load balancer asking
  // many times a second costs nothing and a database outage does not get healthy instances
  // restarted (decision 051).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        summary: 'Check that the server process is up (liveness; does not ask the database)',
        operationId: 'getHealth',
        tags: ['health'],
        response: { 200: liveBody },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: requests that arrive while a probe of the database is under way share its answer
  // instead of each sending one. No answer predates its request.
  let probe: Promise<boolean> | undefined;
  const databaseReachable = (): Promise<boolean> => {
    probe ??= pingDatabase(app.db)
      .then(
        () => true,
        (error) => {
          app.log.error({ err: error }, 'health check: database unreachable');
          return false;
        },
      )
      .finally(() => {
        probe = undefined;
      });
    return probe;
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/health/ready',
    {
      schema: {
        summary: 'Check that the server can serve requests: its database answers (readiness)',
        operationId: 'getReadiness',
        tags: ['health'],
        response: { 200: readyBody, 503: readyBody },
      },
    },
    async (_request, reply) => {
      if (await databaseReachable()) return { status: 'ok' as const, database: 'ok' as const };
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', database: 'unreachable' });
    },
  );
}
