import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { messageOutbox } from '../../db/schema/platform';
import { backInStockRequests } from '../../db/schema/shopping';
import { users } from '../../db/schema/users';
import { outboxRecord } from '../messaging/messenger';
import { templatesFor } from '../messaging/templates/message-templates';

/**
 * Called in every transaction that raises a product's stock (stock adjustment, cancelled order,
 * product edit): each open "Notify me" request of these products whose stock is now above 0 gets
 * one message in the outbox and ends, in that same transaction. Requests are only taken while
 * the stock is 0 (under the product's row lock), so an open request on a product in stock means
 * this transaction just brought it back. The messages are due at once: the outbox sweeper hands
 * them to a provider on its next pass (or they are the message, with no provider configured).
 * Returns how many messages were queued.
 */
export async function announceRestocks(
  tx: DbOrTx,
  config: AppConfig,
  productIds: number[],
  now = new Date(),
): Promise<number> {
  if (productIds.length === 0) return 0;
  const due = await tx
    .select({
      id: backInStockRequests.id,
      channel: backInStockRequests.channel,
      title: products.title,
      nepaliTitle: products.nepaliTitle,
      slug: products.slug,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      firstName: users.firstName,
      language: users.language,
      isActive: users.isActive,
      disabledAt: users.disabledAt,
      deletedAt: users.deletedAt,
    })
    .from(backInStockRequests)
    .innerJoin(products, eq(products.id, backInStockRequests.productId))
    .innerJoin(users, eq(users.id, backInStockRequests.userId))
    .where(
      and(
        inArray(backInStockRequests.productId, productIds),
        isNull(backInStockRequests.endedAt),
        gt(products.stock, 0),
        eq(products.isActive, true),
      ),
    )
    .orderBy(asc(backInStockRequests.id))
    .for('update', { of: backInStockRequests });

  let queued = 0;
  const base = config.publicUrl.replace(/\/+$/, '');
  for (const request of due) {
    const templates = templatesFor(request.language);
    const product = {
      title: request.title,
      nepaliTitle: request.nepaliTitle ?? '',
      url: `${base}/detail/${request.slug}`,
    };
    // The address the request was taken for; gone since (or the account closed): ended unsent.
    const reachable = request.isActive && !request.disabledAt && !request.deletedAt;
    const to = request.channel === 'email' ? (request.emailVerifiedAt ? request.email : null) : request.phone;
    let messageId: number | null = null;
    if (reachable && to) {
      const words =
        request.channel === 'email'
          ? templates.backInStockEmail(request.firstName, product)
          : templates.backInStockSms(product);
      const record = outboxRecord(config, { channel: request.channel, to, ...words }, now);
      const [row] = await tx
        .insert(messageOutbox)
        // Nobody sends it after the commit: the sweeper's next pass does.
        .values({ ...record, nextAttemptAt: record.sentAt ? null : now })
        .returning({ id: messageOutbox.id });
      messageId = row.id;
      queued += 1;
    }
    await tx
      .update(backInStockRequests)
      .set({ endedAt: now, messageId })
      .where(eq(backInStockRequests.id, request.id));
  }
  return queued;
}
