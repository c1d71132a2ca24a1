import { toNepalIso } from '@pasal/contract/admin-common';
import type { AdminOrderRefund } from '@pasal/contract/admin-orders';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { refunds } from '../../../db/schema/refunds';
import { users } from '../../../db/schema/users';
import { toRupees } from '../../../lib/money';
import { staffName } from '../audit/staff-name';

/**
 * How long a `requested` refund blocks another try: longer than a wallet call can take (15 s), so
 * only a refund whose process died is tried again.
 */
export const REFUND_RUNNING_MS = 120_000;

export function isRunning(refund: { status: string; requestedAt: Date }, now = new Date()): boolean {
  return refund.status === 'requested' && now.getTime() - refund.requestedAt.getTime() < REFUND_RUNNING_MS;
}

/** The order's refund as the console shows it (null when none was made or started), and whether it runs. */
export async function refundView(
  db: DbOrTx,
  orderId: number,
): Promise<{ refund: AdminOrderRefund | null; running: boolean }> {
  const [row] = await db
    .select({ refund: refunds, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.staffId))
    .where(eq(refunds.orderId, orderId));
  if (!row) return { refund: null, running: false };
  const { refund } = row;
  const view: AdminOrderRefund = {
    status: refund.status,
    method: refund.method,
    amount: toRupees(refund.amount),
    reference: refund.reference,
    note: refund.note,
    by:
      row.firstName !== null
        ? { id: refund.staffId, name: staffName(row.firstName, row.lastName ?? ''), email: row.email }
        : null,
    requested_at: toNepalIso(refund.requestedAt),
    refunded_at: refund.refundedAt ? toNepalIso(refund.refundedAt) : null,
    failure: refund.failure,
  };
  return { refund: view, running: isRunning(refund) };
}
