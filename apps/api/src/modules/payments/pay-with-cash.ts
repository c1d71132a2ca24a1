import { and, eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema/orders';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { lockCustomer } from '../checkout/checkout-statements';
import { refuseBeyondCashCap } from '../checkout/open-cash-orders';
import { checkOpenAttempts, STILL_CONFIRMING } from './check-open-attempts';
import { EARLIER_ATTEMPT_UNCHECKED, ORDER_NOT_FOUND, type PaymentDeps } from './payment-service';
import { orderPaymentColumns } from './payment-status';

/**
 * "Pay with cash instead" after a wallet payment failed (or the shopper came Back from the
 * wallet): the owner's unpaid online order becomes a cash-on-delivery order (it is then no longer
 * cancelled as an unpaid online order). The wallets are asked about the open attempts first: one
 * paid there pays the order; one in progress there (money may be on its way) or one the wallet
 * could not answer for refuses the switch. An attempt the wallet holds unpaid (Khalti
 * `Initiated`) does not: if it is still paid later, the order is paid by that wallet. Refused for a
 * paid, cancelled or dispatched order. Asking again for an order already on cash changes nothing.
 */
export async function payWithCash(deps: PaymentDeps, orderId: number, userId: number, cashCap: number) {
  const { db } = deps;
  const mine = and(eq(orders.id, orderId), eq(orders.userId, userId));
  const [before] = await db.select().from(orders).where(mine);
  if (!before) throw new NotFoundError(ORDER_NOT_FOUND);
  if (before.paymentMethod !== 'cash' && before.orderStatus === 'Order Processing') {
    const check = await checkOpenAttempts(deps, before.id);
    if (check.unanswered > 0) throw new ServiceUnavailableError(EARLIER_ATTEMPT_UNCHECKED);
  }
  await db.transaction(async (tx) => {
    // The customer's checkouts wait meanwhile: together they stay within the cap on open cash orders.
    await lockCustomer(tx, { userId });
    const [order] = await tx.select().from(orders).where(mine).for('update');
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    if (order.paymentStatus === 'Paid' || order.paymentStatus === 'Refund due')
      throw new ConflictError('This order is already paid.');
    if (order.orderStatus === 'Cancelled') throw new ConflictError('This order was cancelled.');
    if (order.orderStatus !== 'Order Processing')
      throw new ConflictError('The payment of this order can no longer be changed.');
    if (order.paymentMethod === 'cash') return;
    const [inProgress] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
      .limit(1);
    if (inProgress) throw new ConflictError(STILL_CONFIRMING);
    await refuseBeyondCashCap(tx, userId, cashCap);
    await tx
      .update(orders)
      .set({ paymentMethod: 'cash', ...orderPaymentColumns('Unpaid'), updatedAt: new Date() })
      .where(eq(orders.id, order.id));
  });
}
