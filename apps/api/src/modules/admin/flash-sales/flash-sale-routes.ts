import { conflictResponse, deletedResponse, versionQuery } from '@pasal/contract/admin-common';
import {
  adminFlashSale,
  adminFlashSaleCreate,
  adminFlashSaleListQuery,
  adminFlashSalePage,
  adminFlashSaleParams,
  adminFlashSaleResponse,
  adminFlashSaleUpdate,
} from '@pasal/contract/admin-flash-sales';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import {
  createFlashSale,
  deleteFlashSale,
  flashSaleView,
  listFlashSales,
  updateFlashSale,
} from './flash-sale-service';

const tags = ['admin-flash-sales'];
const TERMS =
  'Times are ISO 8601: with an offset (2025-10-01T09:30:00+05:45), or without one meaning Nepal time ' +
  '(2025-10-01T09:30); answers give Nepal time. The sale runs while starts_at ≤ now < ends_at. While active, ' +
  'the sale price must be above 0 and below the product’s regular selling price, and the sale may not overlap ' +
  'another active sale of the product. per_customer_limit caps the units one customer may buy in the sale ' +
  '(in the cart plus in non-cancelled orders placed during it).';

export async function flashSaleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/flash-sales/',
    {
      schema: {
        summary: 'List flash sales (filter by state or product, paging)',
        operationId: 'adminListFlashSales',
        tags,
        security,
        querystring: adminFlashSaleListQuery,
        response: { 200: adminFlashSalePage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listFlashSales(db, request.query),
  );

  app.post(
    '/flash-sales/',
    {
      schema: {
        summary: 'Create a flash sale',
        description: TERMS,
        operationId: 'adminCreateFlashSale',
        tags,
        security,
        body: adminFlashSaleCreate,
        response: { 201: adminFlashSaleResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const flashSale = await createFlashSale(db, request.user.id, request.body);
      return reply.code(201).send({ flash_sale: flashSale });
    },
  );

  app.get(
    '/flash-sales/:flashSaleId/',
    {
      schema: {
        summary: 'Get a flash sale',
        operationId: 'adminGetFlashSale',
        tags,
        security,
        params: adminFlashSaleParams,
        response: { 200: adminFlashSaleResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ flash_sale: await flashSaleView(db, request.params.flashSaleId) }),
  );

  app.patch(
    '/flash-sales/:flashSaleId/',
    {
      schema: {
        summary: 'Change a flash sale',
        description: `Send the fields to change and the version you read (409 with the current sale when stale). ${TERMS}`,
        operationId: 'adminUpdateFlashSale',
        tags,
        security,
        params: adminFlashSaleParams,
        body: adminFlashSaleUpdate,
        response: {
          200: adminFlashSaleResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminFlashSale),
        },
      },
    },
    async (request) => ({
      flash_sale: await updateFlashSale(db, request.user.id, request.params.flashSaleId, request.body),
    }),
  );

  app.delete(
    '/flash-sales/:flashSaleId/',
    {
      schema: {
        summary: 'Delete a flash sale',
        description: '?version= is the version you read (409 with the current sale when stale).',
        operationId: 'adminDeleteFlashSale',
        tags,
        security,
        params: adminFlashSaleParams,
        querystring: versionQuery,
        response: {
          200: deletedResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminFlashSale),
        },
      },
    },
    async (request) => {
      await deleteFlashSale(db, request.user.id, request.params.flashSaleId, request.query.version);
      return { message: 'Flash sale deleted.', id: request.params.flashSaleId };
    },
  );
}
