import type { NotDeliveredReason } from '@pasal/contract/not-delivered-reasons';
import {
  MAX_CANCEL_REASON_LENGTH,
  ORDER_NOT_FOUND,
  ORDER_STATUSES,
  type OrderStatus,
} from '@pasal/contract/orders';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { issueInvoice } from '../invoices/issue-invoice';
import { orderPaymentColumns } from '../payments/payment-status';
import { cancelLockedOrder, type OrderRow } from './cancel-order';
import { recordStatusChange } from './order-history';
import { outForDelivery, queueOrderStep } from './order-messages';

/**
 * The order lifecycle (DECISIONS.md §4): one step forward at a time, or Cancelled before delivery.
 * Delivered and Cancelled are final.
 */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  'Order Processing': ['Packed', 'Cancelled'],
  Packed: ['Out for Delivery', 'Cancelled'],
  'Out for Delivery': ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

/** The forward path, for tools that walk an order several steps (the `npm run order` script). */
export const FORWARD_PATH: readonly OrderStatus[] = [
  'Order Processing',
  'Packed',
  'Out for Delivery',
  'Delivered',
];

/**
 * The statuses an order passes through to reach `to`: each forward step up to a later forward
 * status, else the one move asked for (which transitionOrder accepts or refuses).
 */
export function stepsTo(from: OrderStatus, to: OrderStatus): OrderStatus[] {
  const start = FORWARD_PATH.indexOf(from);
  const target = FORWARD_PATH.indexOf(to);
  if (start < 0 || target <= start + 1) return [to];
  return FORWARD_PATH.slice(start + 1, target + 1);
}

/** The one step back: a rider could not deliver, and the order returns to the shop's queue. */
export const RETURN_STATUSES: Partial<Record<OrderStatus, OrderStatus>> = { 'Out for Delivery': 'Packed' };

export const NOT_STAFF = 'Only staff can move orders along.';
export const CANCEL_NEEDS_REASON = 'A reason is required to cancel an order.';
export const ONLINE_NOT_PAID =
  'This order is paid online and its payment is not confirmed yet; it cannot be sent out.';

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export interface TransitionInput {
  orderId: number;
  to: OrderStatus;
  /** The staff member's user id, or the assigned rider's (recorded in the order's history). */
  by: number;
  /** A delivery that failed: Out for Delivery → Packed (RETURN_STATUSES), with the reason. */
  returned?: boolean;
  /** A failed delivery's reason from the rider's list: the customer is told it in their language. */
  notDelivered?: NotDeliveredReason;
  /** Required to cancel; kept in the history for any move. */
  reason?: string;
  now?: Date;
}

/**
 * Staff move an order along its lifecycle, in one transaction with the order's row locked:
 * - Order Processing → Packed → Out for Delivery → Delivered, one step at a time;
 * - Cancelled from any of the first three, with a reason: stock back, promo use released,
 *   a paid online payment flagged for refund;
 * - a cash order is marked paid when delivered; an online order leaves Order Processing only
 *   once its payment is confirmed (the shop does not send out goods nobody has paid for);
 * - every change is recorded in order_status_history with who and when, and queues the customer's
 *   message about it (order-messages.ts);
 * - a delivered order gets its tax invoice (docs/back-office-vat.md).
 * Refusals: 403 not staff, 404 unknown order, 400 no reason to cancel, 409 an illegal move.
 */
export async function transitionOrder(
  db: DbOrTx,
  config: AppConfig,
  input: TransitionInput,
): Promise<OrderRow> {
  const now = input.now ?? new Date();
  const reason = input.reason?.trim() || undefined;
  if (reason && reason.length > MAX_CANCEL_REASON_LENGTH)
    throw new BadRequestError(`The reason must be at most ${MAX_CANCEL_REASON_LENGTH} characters`);
  return db.transaction(async (tx) => {
    const [staff] = await tx
      .select({
        isStaff: users.isStaff,
        isRider: users.isRider,
        isActive: users.isActive,
        disabledAt: users.disabledAt,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, input.by));
    const live = staff?.isActive && !staff.disabledAt && !staff.deletedAt;
    if (!live || !(staff.isStaff || staff.isRider)) throw new ForbiddenError(NOT_STAFF);

    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    // A rider moves only the orders assigned to them, and never cancels; another's order is not theirs to see.
    if (!order || (!staff.isStaff && order.riderId !== input.by)) throw new NotFoundError(ORDER_NOT_FOUND);
    if (!staff.isStaff && input.to === 'Cancelled') throw new ForbiddenError(NOT_STAFF);
    const from = order.orderStatus;
    if (from === input.to) throw new ConflictError(`The order is already "${from}".`);
    const allowed = input.returned ? [RETURN_STATUSES[from]] : NEXT_STATUSES[from];
    if (input.returned && !reason) throw new BadRequestError('A reason is required to return an order.');
    if (!allowed.includes(input.to))
      throw new ConflictError(`An order in "${from}" cannot be moved to "${input.to}".`, {
        order_status: from,
        allowed: allowed.filter((status) => status !== undefined),
      });

    if (input.to === 'Cancelled') {
      if (!reason) throw new BadRequestError(CANCEL_NEEDS_REASON);
      await cancelLockedOrder(tx, config, order, { actor: 'staff', actorUserId: input.by, reason, at: now });
    } else {
      if (order.paymentMethod !== 'cash' && order.paymentStatus !== 'Paid')
        throw new ConflictError(ONLINE_NOT_PAID);
      const delivered = input.to === 'Delivered';
      const cashCollected = delivered && order.paymentMethod === 'cash' && order.paymentStatus !== 'Paid';
      await tx
        .update(orders)
        .set({
          orderStatus: input.to,
          updatedAt: now,
          ...(delivered ? { deliveredAt: now } : {}),
          ...(cashCollected ? { ...orderPaymentColumns('Paid'), paidAt: now } : {}),
        })
        .where(eq(orders.id, order.id));
      await recordStatusChange(tx, {
        orderId: order.id,
        from,
        to: input.to,
        actor: 'staff',
        actorUserId: input.by,
        reason,
        notDeliveredReason: input.returned ? (input.notDelivered ?? 'Other') : null,
        at: now,
      });
      // The tax invoice, in this transaction (an online order has one since it was paid).
      if (delivered) await issueInvoice(tx, order.id, now);
      // The customer's message about the step, in this transaction: a rolled-back move sends nothing.
      const step = input.returned
        ? ({ step: 'not_delivered', reason: input.notDelivered ?? 'Other' } as const)
        : input.to === 'Packed'
          ? ({ step: 'packed' } as const)
          : input.to === 'Delivered'
            ? ({ step: 'delivered' } as const)
            : await outForDelivery(tx, order);
      await queueOrderStep(tx, config, order.id, step, now);
    }
    const [updated] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return updated;
  });
}
