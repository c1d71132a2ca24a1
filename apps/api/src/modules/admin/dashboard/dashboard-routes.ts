import { dashboard as dashboardSchema } from '@pasal/contract/admin-dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import { dashboard } from './dashboard-service';

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/dashboard/',
    {
      schema: {
        summary: 'Get the figures that need attention now',
        description:
          'Orders and revenue of today and this week in Nepal time (a week starts on Sunday; cancelled orders ' +
          'are counted apart), orders waiting in each status, active products below their low-stock threshold, ' +
          'wallet payments still pending and payments flagged for refund.',
        operationId: 'adminGetDashboard',
        tags: ['admin-dashboard'],
        security,
        response: { 200: dashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async () => dashboard(db),
  );
}
