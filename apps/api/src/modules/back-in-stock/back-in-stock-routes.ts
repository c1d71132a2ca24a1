import {
  BACK_IN_STOCK_REMOVED,
  backInStockCreateRequest,
  backInStockEntry,
  backInStockList,
  backInStockParams,
  backInStockRemoveResponse,
} from '@pasal/contract/back-in-stock';
import { errorBody } from '@pasal/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { askBackInStock, listBackInStock, removeBackInStock } from './back-in-stock-service';

const tags = ['back-in-stock'];
const security = [{ bearerAuth: [] }];

/** The caller's own "Notify me" requests (issue 24, docs/decisions/053). */
export async function backInStockRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  app.addHook('onRequest', fastify.authenticate);

  app.post(
    '/create/back-in-stock/',
    {
      schema: {
        summary: 'Ask to be told when an out-of-stock product is back',
        description:
          '201 with the new request: one message (SMS to my phone, or e-mail to my verified address) ' +
          'when the product’s stock goes above 0, then the request ends. Only for a product out of ' +
          'stock now (409 otherwise). An open request for the product is answered as it is with 200. ' +
          'E-mail needs a verified address (400); an unknown product or one no longer sold is a 400.',
        operationId: 'askBackInStock',
        tags,
        security,
        body: backInStockCreateRequest,
        response: {
          200: backInStockEntry,
          201: backInStockEntry,
          400: errorBody,
          401: errorBody,
          409: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { created, entry } = await askBackInStock(db, request.user.id, request.body);
      return reply.code(created ? 201 : 200).send(entry);
    },
  );

  app.delete(
    '/update/back-in-stock/:requestId/',
    {
      schema: {
        summary: 'Withdraw one of my back-in-stock requests',
        description: 'Only an open request of mine; anybody else’s id, or one already ended, is a 404.',
        operationId: 'removeBackInStock',
        tags,
        security,
        params: backInStockParams,
        response: { 200: backInStockRemoveResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await removeBackInStock(db, request.user.id, request.params.requestId);
      return { id: request.params.requestId, message: BACK_IN_STOCK_REMOVED };
    },
  );

  app.get(
    '/list/back-in-stock/',
    {
      schema: {
        summary: 'List my open back-in-stock requests',
        description: 'Newest first; ended ones (told or withdrawn) and products no longer sold are left out.',
        operationId: 'listBackInStock',
        tags,
        security,
        response: { 200: backInStockList, 401: errorBody },
      },
    },
    async (request) => ({ results: await listBackInStock(db, request.user.id) }),
  );
}
