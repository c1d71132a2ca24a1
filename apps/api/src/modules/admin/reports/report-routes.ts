import { salesReportQuery, salesReport as salesReportSchema } from '@pasal/contract/admin-reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import { salesReport } from './sales-report';

export async function reportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/reports/sales/',
    {
      schema: {
        summary: 'Get the sales report of a range of days',
        description:
          'Every figure of the dashboard’s charts for the Nepal days from `from` to `to` (both included, at most ' +
          '366): sales per day, orders by status, payment methods, top products and categories, and ' +
          'cancellations by who cancelled and why. Orders count on the day they were placed.',
        operationId: 'adminGetSalesReport',
        tags: ['admin-reports'],
        security,
        querystring: salesReportQuery,
        response: { 200: salesReportSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => salesReport(db, request.query),
  );
}
