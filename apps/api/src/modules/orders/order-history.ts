import type { NotDeliveredReason } from '@pasal/contract/not-delivered-reasons';
import type { DbOrTx } from '../../db/client';
import { type orderActors, type orderStatuses, orderStatusHistory } from '../../db/schema/orders';

export type OrderStatus = (typeof orderStatuses)[number];
export type OrderActor = (typeof orderActors)[number];

export interface StatusChange {
  orderId: number;
  /** Null when the order is placed. */
  from: OrderStatus | null;
  to: OrderStatus;
  actor: OrderActor;
  actorUserId?: number | null;
  reason?: string | null;
  /** A failed delivery's reason from the rider's list (the customer's order page names it). */
  notDeliveredReason?: NotDeliveredReason | null;
  at?: Date;
}

/** Records one status change, in the transaction that makes it (so history and order never disagree). */
export async function recordStatusChange(tx: DbOrTx, change: StatusChange): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: change.orderId,
    fromStatus: change.from,
    toStatus: change.to,
    actor: change.actor,
    actorUserId: change.actorUserId ?? null,
    reason: change.reason ?? null,
    notDeliveredReason: change.notDeliveredReason ?? null,
    createdAt: change.at ?? new Date(),
  });
}
