import { auditListQuery, auditPage } from '@pasal/contract/admin-audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import { listAudit } from './audit-log';

const tags = ['admin-audit'];

export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/audit/',
    {
      schema: {
        summary: 'List the changes staff made, newest first',
        description:
          'Each entry says who changed what and when, with the record before and after as the console shows it. ' +
          'Filter by entity (and entity_id), by staff member or by action.',
        operationId: 'adminListAudit',
        tags,
        security,
        querystring: auditListQuery,
        response: { 200: auditPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAudit(db, request.query),
  );
}
