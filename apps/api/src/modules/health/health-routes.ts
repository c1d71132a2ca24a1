import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client';

const healthBody = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
});

// Load balancers may ask many times a second; the database is asked at most this often, and the
// requests in between share the latest answer.
const PROBE_EVERY_MS = 1000;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  let probe: { at: number; reachable: Promise<boolean> } | undefined;
  const databaseReachable = (): Promise<boolean> => {
    const now = Date.now();
    if (!probe || now - probe.at >= PROBE_EVERY_MS) {
      probe = {
        at: now,
        reachable: pingDatabase(app.db).then(
          () => true,
          (error) => {
            app.log.error({ err: error }, 'health check: database unreachable');
            return false;
          },
        ),
      };
    }
    return probe.reachable;
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        summary: 'Whether the server and its database answer (the database is asked at most once a second)',
        operationId: 'getHealth',
        tags: ['health'],
        response: { 200: healthBody, 503: healthBody },
      },
    },
    async (_request, reply) => {
      if (await databaseReachable()) return { status: 'ok' as const, database: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    },
  );
}
