import type { LowStockItem } from '@pasal/contract/admin-low-stock';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { lowStockDigests } from '../../../db/schema/catalogue';
import { messageOutbox } from '../../../db/schema/platform';
import { users } from '../../../db/schema/users';
import { outboxRecord } from '../../messaging/messenger';
import { listLowStock } from './low-stock-service';

// The daily low-stock e-mail to staff (decision 062): once per Nepal day, whatever the number of
// API instances, because the day's row in low_stock_digests is inserted by exactly one of them.

const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;
/** Sent on the first sweep after this hour, Nepal time: before the shop's morning orders. */
export const DIGEST_HOUR = 7;
/** The e-mail lists the fastest sellers first, this many at most (the console has them all). */
export const DIGEST_LIMIT = 50;
const SWEEP_MS = 15 * 60_000;

/** The Nepal calendar day of `now` (YYYY-MM-DD) and its hour. */
export function nepalDay(now: Date): { day: string; hour: number } {
  const local = new Date(now.getTime() + NEPAL_OFFSET_MS);
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

export function digestText(day: string, total: number, items: LowStockItem[], consoleUrl: string) {
  const lines = items.map((item) => {
    const state =
      item.stock <= 0 ? 'OUT OF STOCK' : `${item.stock} left (low below ${item.low_stock_threshold})`;
    const pace = item.days_left === null ? '' : `, about ${item.days_left} days left`;
    return `- ${item.title}${item.unit ? ` (${item.unit})` : ''}: ${state}; ${item.sold_30_days} sold in 30 days${pace}`;
  });
  return {
    subject: `Pasal low stock, ${day}: ${total} product${total === 1 ? '' : 's'}`,
    text: [
      `${total} product${total === 1 ? ' is' : 's are'} low or out of stock, the fastest sellers first:`,
      '',
      ...lines,
      ...(total > items.length ? ['', `…and ${total - items.length} more.`] : []),
      '',
      `See them all: ${consoleUrl}`,
    ].join('\n'),
  };
}

export interface DigestOutcome {
  day: string;
  /** False: not yet the hour, or another pass (any instance) already made today's digest. */
  made: boolean;
  products: number;
  recipients: number;
}

/**
 * Makes today's digest when it is due and nobody has: one e-mail per active staff member with an
 * address, queued in the outbox in the same transaction as the day's row (the outbox sweeper
 * sends them). A day with nothing low is recorded and sends nothing.
 */
export async function sendLowStockDigest(
  db: Db,
  config: AppConfig,
  now = new Date(),
): Promise<DigestOutcome> {
  const { day, hour } = nepalDay(now);
  if (hour < DIGEST_HOUR) return { day, made: false, products: 0, recipients: 0 };
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(lowStockDigests)
      .values({ nepalDay: day, products: 0, recipients: 0 })
      .onConflictDoNothing()
      .returning({ day: lowStockDigests.nepalDay });
    if (!claimed) return { day, made: false, products: 0, recipients: 0 };
    const page = await listLowStock(
      tx,
      { page: 1, page_size: DIGEST_LIMIT, sort: 'sold_30_days', order: 'desc' },
      now,
    );
    const staff =
      page.count === 0
        ? []
        : await tx
            .select({ email: users.email })
            .from(users)
            .where(
              and(
                eq(users.isStaff, true),
                eq(users.isActive, true),
                isNull(users.disabledAt),
                isNull(users.deletedAt),
                isNotNull(users.email),
              ),
            );
    const words = digestText(
      day,
      page.count,
      page.results,
      `${config.publicUrl.replace(/\/+$/, '')}/admin/low-stock`,
    );
    for (const member of staff) {
      const record = outboxRecord(config, { channel: 'email', to: member.email as string, ...words }, now);
      // Nobody sends it after the commit: the sweeper's next pass does.
      await tx.insert(messageOutbox).values({ ...record, nextAttemptAt: record.sentAt ? null : now });
    }
    await tx
      .update(lowStockDigests)
      .set({ products: page.count, recipients: staff.length })
      .where(eq(lowStockDigests.nepalDay, day));
    return { day, made: true, products: page.count, recipients: staff.length };
  });
}

/** The in-process timer (server.ts): every 15 minutes, each instance tries; one makes the day's digest. */
export function startLowStockDigests(deps: {
  db: Db;
  config: AppConfig;
  log: { warn(object: object, message: string): void };
}): () => void {
  const tick = () =>
    void sendLowStockDigest(deps.db, deps.config).catch((err) =>
      deps.log.warn({ err }, 'low-stock digest failed'),
    );
  tick();
  const timer = setInterval(tick, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
