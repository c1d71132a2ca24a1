import { lowStockPage, lowStockQuery, SALES_WINDOW_DAYS } from '@pasal/contract/admin-low-stock';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import { listLowStock } from './low-stock-service';

export async function lowStockRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/low-stock/',
    {
      schema: {
        summary: 'List what is low or out of stock, the fastest sellers first',
        description:
          `Active products out of stock or below their own low-stock threshold, by units ordered in the last ` +
          `${SALES_WINDOW_DAYS} days (cancelled orders apart), then the emptiest. Staff also get this list by ` +
          'e-mail once a day.',
        operationId: 'adminListLowStock',
        tags: ['admin-low-stock'],
        security,
        querystring: lowStockQuery,
        response: { 200: lowStockPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listLowStock(db, request.query),
  );
}
