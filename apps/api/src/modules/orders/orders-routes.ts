import {
  buyAgainResponse,
  cancellationList,
  cancelOrderRequest,
  cancelOrderResponse,
  deliveredProducts,
  ORDER_CANCELLED,
  ORDERS_PAGE_SIZE,
  orderDetail,
  orderList,
  orderParams,
  pageQuery,
  ratableProducts,
} from '@pasal/contract/orders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { buyAgain } from './buy-again';
import { getOrderDetail, listCancellations, listDeliveredProducts, listOrders } from './orders-read';
import { cancelOwnOrder } from './orders-service';

const tags = ['orders'];

const CANCEL_ORDER_DESCRIPTION = [
  'Only an order in "Order Processing" can be cancelled; any other is a 409 with',
  '"Only orders in "Order Processing" status can be cancelled.". One transaction: the order becomes Cancelled,',
  'a cancellation record keeps the reason, the stock comes back and the promo code use is released.',
  'An order paid online becomes "Refund due"; once staff refund it, "Refunded" with refunded_at.',
  'Someone else’s order is a 404. The answer carries the order as it is now.',
].join(' ');
const security = [{ bearerAuth: [] }];

/** Root-relative links to the neighbouring pages (null at either end). */
function pageLinks(request: FastifyRequest, page: number, count: number) {
  const path = request.routeOptions.url ?? request.url.split('?')[0];
  const last = Math.max(1, Math.ceil(count / ORDERS_PAGE_SIZE));
  return {
    next: page < last ? `${path}?page=${page + 1}` : null,
    previous: page > 1 ? `${path}?page=${Math.min(page - 1, last)}` : null,
  };
}

/** The customer's own orders (accounts-orders.md §2 Orders; DECISIONS.md §3). */
export async function ordersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;
  app.addHook('onRequest', fastify.authenticate);

  app.get(
    '/order/list/',
    {
      schema: {
        summary: 'List my orders, newest first, with their lines',
        description: `Pages of ${ORDERS_PAGE_SIZE}. links.next and links.previous are root-relative URLs or null; a page past the last is empty.`,
        operationId: 'listMyOrders',
        tags,
        security,
        querystring: pageQuery,
        response: { 200: orderList, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { page } = request.query;
      const { count, results } = await listOrders(db, request.user.id, page);
      return { count, page_size: ORDERS_PAGE_SIZE, links: pageLinks(request, page, count), results };
    },
  );

  app.get(
    '/order/:id/',
    {
      schema: {
        summary: 'Read one of my orders with its status history',
        description: 'Someone else’s order is a 404, like one that does not exist.',
        operationId: 'getMyOrder',
        tags,
        security,
        params: orderParams,
        response: { 200: orderDetail, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getOrderDetail(db, request.user.id, request.params.id),
  );

  app.post(
    '/order/:id/buy-again/',
    {
      schema: {
        summary: 'Put the lines of one of my orders back into my cart',
        description:
          'Each line is added to my cart as the cart’s add would (stock, flash-sale limits), one by one: what cannot be sold now is listed under unavailable with the reason, the rest goes in (a quantity beyond the stock is lowered to it). Someone else’s order is a 404.',
        operationId: 'buyMyOrderAgain',
        tags,
        security,
        params: orderParams,
        response: { 200: buyAgainResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => buyAgain(db, request.user.id, request.params.id),
  );

  app.post(
    '/order/cancel/:id/',
    {
      schema: {
        summary: 'Cancel one of my orders while it is in Order Processing',
        description: CANCEL_ORDER_DESCRIPTION,
        operationId: 'cancelMyOrder',
        tags,
        security,
        params: orderParams,
        body: cancelOrderRequest,
        response: { 200: cancelOrderResponse, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      await cancelOwnOrder(db, config, {
        userId: request.user.id,
        orderId: request.params.id,
        reason: request.body.reason,
      });
      return {
        message: ORDER_CANCELLED,
        order: await getOrderDetail(db, request.user.id, request.params.id),
      };
    },
  );

  app.get(
    '/list/order/cancellation/',
    {
      schema: {
        summary: 'List my cancelled orders, most recently cancelled first',
        description: `Pages of ${ORDERS_PAGE_SIZE}; next and previous are root-relative URLs or null.`,
        operationId: 'listMyCancellations',
        tags,
        security,
        querystring: pageQuery,
        response: { 200: cancellationList, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { page } = request.query;
      const { count, results } = await listCancellations(db, request.user.id, page);
      return { count, ...pageLinks(request, page, count), results };
    },
  );

  app.get(
    '/list/ordered/products/',
    {
      schema: {
        summary: 'List the products of my delivered orders',
        description:
          'A bare array (the spec’s shape), one entry per product with its latest delivered order, newest purchase first, at most 200. `reviewed` tells whether I have reviewed it.',
        operationId: 'listMyDeliveredProducts',
        tags,
        security,
        response: { 200: deliveredProducts, ...errorResponses(401) },
      },
    },
    async (request) => listDeliveredProducts(db, request.user.id),
  );

  app.get(
    '/list/ratable/products/',
    {
      schema: {
        summary: 'List my delivered products that I have not reviewed yet (the Ratings tab)',
        operationId: 'listMyRatableProducts',
        tags,
        security,
        response: { 200: ratableProducts, ...errorResponses(401) },
      },
    },
    async (request) => ({
      results: await listDeliveredProducts(db, request.user.id, { unreviewedOnly: true }),
    }),
  );
}
