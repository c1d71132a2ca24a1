import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { lockCustomer } from '../checkout/checkout-statements';
import { refuseBeyondCashCap } from '../checkout/open-cash-orders';
import { unpaidOrderStatus } from './order-payment-state';
import { ORDER_NOT_FOUND } from './payment-service';
import { orderPaymentColumns } from './payment-status';

export const STILL_CONFIRMING =
  'A payment for this order is still being confirmed. Please wait a moment and try again.';

/**
 * "Pay with cash instead" after a wallet payment failed: the owner's unpaid online order becomes a
 * cash-on-delivery order (it is then no longer cancelled as an unpaid online order). Refused while
 * an attempt is still open at the wallet (it may yet be paid) and for a paid, cancelled or
 * dispatched order, and (400) when the customer already has as many cash orders waiting for
 * delivery as MAX_OPEN_CASH_ORDERS allows (decision 038). Asking again for an order already on
 * cash changes nothing.
 */
export async function payWithCash(db: Db, orderId: number, userId: number, cashCap: number) {
  await db.transaction(async (tx) => {
    // The customer's checkouts wait meanwhile: together they stay within the cap on open cash orders.
    await lockCustomer(tx, { userId });
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    if (order.paymentStatus === 'Paid' || order.paymentStatus === 'Refund due')
      throw new ConflictError('This order is already paid.');
    if (order.orderStatus === 'Cancelled') throw new ConflictError('This order was cancelled.');
    if (order.orderStatus !== 'Order Processing')
      throw new ConflictError('The payment of this order can no longer be changed.');
    if (order.paymentMethod === 'cash') return;
    if ((await unpaidOrderStatus(tx, order.id)) === 'Pending') throw new ConflictError(STILL_CONFIRMING);
    await refuseBeyondCashCap(tx, userId, cashCap);
    await tx
      .update(orders)
      .set({ paymentMethod: 'cash', ...orderPaymentColumns('Unpaid'), updatedAt: new Date() })
      .where(eq(orders.id, order.id));
  });
}
