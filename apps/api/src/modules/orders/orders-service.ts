import { ONLY_PROCESSING_CANCELLABLE, ORDER_NOT_FOUND } from '@pasal/contract/orders';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { cancelLockedOrder } from './cancel-order';

/**
 * The customer cancels their own order, only while it is `Order Processing`, in one transaction:
 * stock back, promo use released, payment flagged for refund when it was paid online.
 * Anybody else's order is a 404; an order further along is a 409 with the spec's sentence.
 */
export async function cancelOwnOrder(
  db: DbOrTx,
  config: AppConfig,
  input: { userId: number; orderId: number; reason: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
      .for('update');
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    if (order.orderStatus !== 'Order Processing') {
      throw new ConflictError(ONLY_PROCESSING_CANCELLABLE, {
        msg: ONLY_PROCESSING_CANCELLABLE,
        order_status: order.orderStatus,
      });
    }
    await cancelLockedOrder(tx, config, order, {
      actor: 'customer',
      actorUserId: input.userId,
      reason: input.reason,
    });
  });
}
