import { adminOrderParams } from '@pasal/contract/admin-orders';
import {
  riderDelivered,
  riderNotDelivered,
  riderOrderList,
  riderOrderResponse,
} from '@pasal/contract/riders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { security } from '../admin/route-schema';
import { requireRider } from './rider-guard';
import { handBack, listRiderOrders, markDelivered, riderOutForDelivery } from './rider-orders';

const tags = ['rider'];

/**
 * The rider's screen's API, mounted at /api/rider: riders only (a visitor 401, staff and customers
 * 403, before any body is read). Each order route answers 404 for an order not assigned to the caller.
 */
export async function riderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;
  fastify.addHook('onRequest', fastify.authenticate);
  fastify.addHook('onRequest', requireRider);

  app.get(
    '/orders/',
    {
      schema: {
        summary: 'The rider’s deliveries: still to deliver, then delivered today',
        description:
          'Each with the customer’s name and phone, the address, a map link and what to collect (the cash ' +
          'amount, or null when paid online). Ordered by station, local level and tole.',
        operationId: 'riderListOrders',
        tags,
        security,
        response: { 200: riderOrderList, ...errorResponses(401, 403) },
      },
    },
    async (request) => listRiderOrders(db, request.user.id),
  );

  app.post(
    '/orders/:orderId/out-for-delivery/',
    {
      schema: {
        summary: 'Take a packed order out for delivery',
        description: 'Packed → Out for Delivery, in the order’s history. 409 unless it is Packed.',
        operationId: 'riderOutForDelivery',
        tags,
        security,
        params: adminOrderParams,
        response: { 200: riderOrderResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      order: await riderOutForDelivery(db, config, request.user.id, request.params.orderId),
    }),
  );

  app.post(
    '/orders/:orderId/delivered/',
    {
      schema: {
        summary: 'Mark an order delivered, with the cash collected',
        description:
          'Out for Delivery → Delivered. A cash order needs `cash_collected` (what the customer paid; it ' +
          'counts in the day’s hand-in and a cash order becomes paid); an order paid online takes none.',
        operationId: 'riderMarkDelivered',
        tags,
        security,
        params: adminOrderParams,
        body: riderDelivered,
        response: { 200: riderOrderResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      order: await markDelivered(db, config, request.user.id, request.params.orderId, request.body),
    }),
  );

  app.post(
    '/orders/:orderId/not-delivered/',
    {
      schema: {
        summary: 'Could not deliver: hand the order back to the shop',
        description:
          'With a reason from the list and an optional note. The attempt is kept; the order goes back to ' +
          'Packed with no rider, in the shop’s queue to be sent again. 409 unless it is Out for Delivery.',
        operationId: 'riderNotDelivered',
        tags,
        security,
        params: adminOrderParams,
        body: riderNotDelivered,
        response: { 200: riderOrderResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      order: await handBack(db, config, request.user.id, request.params.orderId, request.body),
    }),
  );
}
