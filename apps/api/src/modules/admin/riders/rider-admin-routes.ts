import {
  adminAssignOrders,
  adminAssignResponse,
  adminCloseRiderDay,
  adminRiderCash,
  adminRiderCashDayResponse,
  adminRiderCashQuery,
  adminRiderList,
} from '@pasal/contract/admin-riders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import { assignOrders, listRiders } from './assign-service';
import { closeRiderDay, riderCash } from './cash-service';

const tags = ['admin-riders'];

export async function riderAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/riders/',
    {
      schema: {
        summary: 'The riders who can take orders, with how many they have to deliver',
        description: 'Make an account a rider on its customer page (adminSetRider).',
        operationId: 'adminListRiders',
        tags,
        security,
        response: { 200: adminRiderList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ riders: await listRiders(db) }),
  );

  app.post(
    '/orders/assign/',
    {
      schema: {
        summary: 'Assign orders to a rider (one or several), reassign them, or take them off',
        description:
          'All or none: every order must exist (404) and be neither delivered nor cancelled (409, with their ' +
          'ids). rider_id null takes the orders off their rider. Each order whose rider changes is audited.',
        operationId: 'adminAssignOrders',
        tags,
        security,
        body: adminAssignOrders,
        response: {
          200: adminAssignResponse,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      orders: await assignOrders(db, request.user.id, request.body.order_ids, request.body.rider_id),
    }),
  );

  app.get(
    '/rider-cash/',
    {
      schema: {
        summary: 'The day’s cash per rider: due, recorded, handed in',
        description:
          'For a Nepal day (today by default): each rider’s cash orders delivered that day, what they came to, ' +
          'what the rider recorded collecting, and the closing once staff made it.',
        operationId: 'adminRiderCash',
        tags,
        security,
        querystring: adminRiderCashQuery,
        response: { 200: adminRiderCash, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => riderCash(db, request.query.day),
  );

  app.post(
    '/rider-cash/close/',
    {
      schema: {
        summary: 'Close a rider’s day when the cash is handed in',
        description:
          'Keeps the day’s figures as they are now with the amount handed in, and the difference in the audit ' +
          'log. Once per rider and day: 409 the second time.',
        operationId: 'adminCloseRiderDay',
        tags,
        security,
        body: adminCloseRiderDay,
        response: { 200: adminRiderCashDayResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ rider: await closeRiderDay(db, request.user.id, request.body) }),
  );
}
