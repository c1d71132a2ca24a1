import { conflictResponse } from '@pasal/contract/admin-common';
import {
  adminNewOrders,
  adminNewOrdersQuery,
  adminOrder,
  adminOrderListQuery,
  adminOrderPage,
  adminOrderParams,
  adminOrderResponse,
  adminOrderTransition,
  adminRefundRequest,
} from '@pasal/contract/admin-orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import { newOrders } from './new-orders';
import { listOrders, moveOrder, orderView } from './order-service';
import { refundOrder } from './refund-service';

const tags = ['admin-orders'];

export async function orderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;

  app.get(
    '/orders/',
    {
      schema: {
        summary: 'Find orders (filters, search, paging)',
        description:
          'Filter by status, payment status, payment method and the days placed (Nepal time, inclusive); ' +
          'q is an order id, a tracking id, or words of the customer’s name, phone or e-mail.',
        operationId: 'adminListOrders',
        tags,
        security,
        querystring: adminOrderListQuery,
        response: { 200: adminOrderPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listOrders(db, request.query),
  );

  app.get(
    '/orders/new/',
    {
      schema: {
        summary: 'Orders placed since the newest one the console has seen (the new-order alert polls it)',
        description:
          'Answers the newest order id and, with `after`, how many orders have a higher id and the newest of ' +
          'them. Read from the database, so every API instance answers alike.',
        operationId: 'adminNewOrders',
        tags,
        security,
        querystring: adminNewOrdersQuery,
        response: { 200: adminNewOrders, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => newOrders(db, request.query.after),
  );

  app.get(
    '/orders/:orderId/',
    {
      schema: {
        summary: 'Get an order with its lines, customer, address, payments and history',
        operationId: 'adminGetOrder',
        tags,
        security,
        params: adminOrderParams,
        response: { 200: adminOrderResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ order: await orderView(db, request.params.orderId) }),
  );

  app.post(
    '/orders/:orderId/status/',
    {
      schema: {
        summary: 'Move an order along its lifecycle, or cancel it',
        description:
          'One step at a time: Order Processing → Packed → Out for Delivery → Delivered, or Cancelled (with a ' +
          'reason) before delivery, which puts the stock back, releases the promo use and flags a paid wallet ' +
          'payment for refund. An online order leaves Order Processing only once paid. Send the status you read ' +
          'as `from`: when the order has moved since, the answer is a 409 carrying it as it is now. Recorded in ' +
          'the order’s history and the audit log.',
        operationId: 'adminMoveOrder',
        tags,
        security,
        params: adminOrderParams,
        body: adminOrderTransition,
        response: {
          200: adminOrderResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminOrder),
        },
      },
    },
    async (request) => ({
      order: await moveOrder(db, config, request.user.id, request.params.orderId, request.body),
    }),
  );

  app.post(
    '/orders/:orderId/refund/',
    {
      schema: {
        summary: 'Refund a "Refund due" order',
        description:
          'Gives back what was paid (the server decides the amount). Khalti: asked through its merchant ' +
          'refund API (send no reference); a 502 says Khalti refused or could not be reached, and the ' +
          'order stays "Refund due" to be tried again. eSewa and cash: refunded by hand in the wallet’s ' +
          'dashboard or at the counter, then recorded here with that refund’s reference (required). ' +
          'The order becomes "Refunded" with the date its customer sees. A 409 for an order with no ' +
          'refund due, one already refunded, or a refund still running: a second refund is never made. ' +
          'Recorded in the audit log.',
        operationId: 'adminRefundOrder',
        tags,
        security,
        params: adminOrderParams,
        body: adminRefundRequest,
        response: { 200: adminOrderResponse, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => ({
      order: await refundOrder(
        { db, config, log: request.log },
        request.user.id,
        request.params.orderId,
        request.body,
      ),
    }),
  );
}
