import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/orders';
import { OPEN_ATTEMPT_STATUSES, type OrderPaymentStatus } from './payment-status';

/**
 * An order not paid yet is `Pending` while one of its attempts may still succeed, `Unpaid`
 * otherwise. Callers hold the order's row lock.
 */
export async function unpaidOrderStatus(
  tx: DbOrTx,
  orderId: number,
  except?: number,
): Promise<OrderPaymentStatus> {
  const [open] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, [...OPEN_ATTEMPT_STATUSES]),
        except === undefined ? undefined : ne(payments.id, except),
      ),
    );
  return (open?.count ?? 0) > 0 ? 'Pending' : 'Unpaid';
}
