import {
  devOrderStatusRequest,
  devOrderStatusResponse,
  ORDER_NOT_FOUND,
  orderParams,
} from '@pasal/contract/orders';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { errorResponses } from '../../lib/error-responses';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { stepsTo, transitionOrder } from './order-transitions';

/**
 * POST /api/dev/orders/{id}/status: moves an order as the first active staff account would, through
 * the same service as `npm run order` (which cannot open the embedded database while the shop runs).
 * Registered only outside production (plugins/dev-routes.ts).
 */
export async function devOrderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;

  app.post(
    '/orders/:id/status',
    {
      schema: {
        summary: 'Move an order along its lifecycle as staff (development only)',
        description:
          'A later forward status walks the order through each step before it (each recorded). Cancelling needs a reason.',
        operationId: 'devMoveOrder',
        tags: ['dev'],
        params: orderParams,
        body: devOrderStatusRequest,
        response: { 200: devOrderStatusResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const [staff] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.isStaff, true),
            eq(users.isActive, true),
            isNull(users.disabledAt),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(users.id))
        .limit(1);
      if (!staff) throw new ConflictError('There is no active staff account.');
      const [order] = await db
        .select({ status: orders.orderStatus })
        .from(orders)
        .where(eq(orders.id, request.params.id));
      if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
      const steps = stepsTo(order.status, request.body.status);
      let moved = { id: request.params.id, orderStatus: order.status, paymentStatus: '' };
      for (const to of steps) {
        moved = await transitionOrder(db, config, {
          orderId: request.params.id,
          to,
          by: staff.id,
          reason: request.body.reason,
        });
      }
      return { id: moved.id, order_status: moved.orderStatus, payment_status: moved.paymentStatus, steps };
    },
  );
}
