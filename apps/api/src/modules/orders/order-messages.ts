import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { messageOutbox } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import type { OutgoingMessage } from '../messaging/message-sender';
import { outboxRecord } from '../messaging/messenger';
import {
  type OrderRider,
  type OrderStep,
  type OrderStepName,
  templatesFor,
} from '../messaging/templates/message-templates';

/**
 * The steps a customer may turn off in the profile (users.order_updates). The receipt, a
 * cancellation and a refund always go: they are about the customer's money (decision 059).
 */
export const OPTIONAL_STEPS: ReadonlySet<OrderStepName> = new Set([
  'packed',
  'out_for_delivery',
  'delivered',
  'not_delivered',
]);

/**
 * The rider carrying the order (decision 057), for the "out for delivery" message: null when no
 * rider is assigned or the rider has no phone. Read in the caller's transaction.
 */
export async function riderOf(tx: DbOrTx, orderId: number): Promise<OrderRider | null> {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.riderId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const name = `${row.firstName} ${row.lastName}`.trim();
  return row.phone ? { name, phone: row.phone } : null;
}

/**
 * The step "out for delivery" as its message tells it: the rider (when the order has one) and
 * the cash to keep ready (an unpaid cash order).
 */
export async function outForDelivery(
  tx: DbOrTx,
  order: { id: number; paymentMethod: string; paymentStatus: string; total: number },
): Promise<OrderStep> {
  const cashDue = order.paymentMethod === 'cash' && order.paymentStatus !== 'Paid' ? order.total : null;
  return { step: 'out_for_delivery', rider: await riderOf(tx, order.id), cashDue };
}

/**
 * Queues the message of an order's step in the caller's transaction (the one that makes the
 * step), so a change that rolls back sends nothing: an SMS to the account's phone and an e-mail
 * to its address when the owner proved it. An optional step is skipped when the customer turned
 * the updates off; a deleted account gets nothing. The sweeper hands the rows to a provider on
 * its next pass (or they are the message, with no provider configured). Returns how many were queued.
 */
export async function queueOrderStep(
  tx: DbOrTx,
  config: AppConfig,
  orderId: number,
  step: OrderStep,
  now = new Date(),
): Promise<number> {
  const [customer] = await tx
    .select({
      trackingId: orders.trackingId,
      phone: users.phone,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      firstName: users.firstName,
      language: users.language,
      orderUpdates: users.orderUpdates,
      deletedAt: users.deletedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!customer || customer.deletedAt) return 0;
  if (OPTIONAL_STEPS.has(step.step) && !customer.orderUpdates) return 0;

  const templates = templatesFor(customer.language);
  const messages: Omit<OutgoingMessage, 'otp'>[] = [];
  if (customer.phone)
    messages.push({
      channel: 'sms',
      to: customer.phone,
      ...templates.orderStepSms(customer.trackingId, step),
    });
  if (customer.email && customer.emailVerifiedAt)
    messages.push({
      channel: 'email',
      to: customer.email.toLowerCase(),
      ...templates.orderStepEmail(customer.firstName, customer.trackingId, step),
    });
  for (const message of messages) {
    const record = outboxRecord(config, message, now);
    // Nobody sends it after the commit: the sweeper's next pass does (as restock notices).
    await tx.insert(messageOutbox).values({ ...record, nextAttemptAt: record.sentAt ? null : now });
  }
  return messages.length;
}
