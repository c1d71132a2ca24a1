import { cashOrdersWaiting } from '@pasal/contract/checkout';
import { and, count, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { BadRequestError } from '../../lib/errors';

/**
 * The cap on cash orders waiting for delivery (decision 038) for a way into cash other than the
 * checkout (which counts them in its own statement): "Pay with cash instead". The caller holds the
 * customer's checkout lock (`lockCustomer`), so the count stays true until its commit.
 */
export async function refuseBeyondCashCap(tx: DbOrTx, userId: number, cap: number): Promise<void> {
  if (cap <= 0) return;
  const [row] = await tx
    .select({ open: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, 'cash'),
        notInArray(orders.orderStatus, ['Delivered', 'Cancelled']),
        eq(orders.paymentCompleted, false),
      ),
    );
  if (Number(row.open) >= cap) {
    const message = cashOrdersWaiting(cap);
    throw new BadRequestError(message, { msg: message });
  }
}
