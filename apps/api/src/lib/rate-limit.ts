import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema/platform';
import { TooManyRequestsError } from './errors';

// Fixed-window counters in the database, so every API instance sees the same counts.

export interface Counter {
  count: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
  /** The window the count belongs to (what releaseHit needs to give a hit back). */
  windowStart: Date;
}

function windowOf(now: Date, windowSeconds: number): { start: Date; retryAfterSeconds: number } {
  const size = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return {
    start: new Date(start),
    retryAfterSeconds: Math.max(1, Math.ceil((start + size - now.getTime()) / 1000)),
  };
}

/** Counts one hit atomically (insert … on conflict do update … returning count). */
export async function hitCounter(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
  now = new Date(),
): Promise<Counter> {
  const { start, retryAfterSeconds } = windowOf(now, windowSeconds);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return { count: row.count, retryAfterSeconds, windowStart: start };
}

/**
 * Gives back one hit counted in `windowStart` (an attempt that turned out not to count). A window
 * left at nought is removed, as if never counted: a refused request leaves nothing behind.
 */
export async function releaseHit(db: DbOrTx, key: string, windowStart: Date): Promise<void> {
  const window = and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart));
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(window, gt(rateLimits.count, 0)));
  await db.delete(rateLimits).where(and(window, lte(rateLimits.count, 0)));
}

export async function clearCounter(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export interface Limit {
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

/**
 * Counts a hit atomically and refuses with 429 (and Retry-After) once the window holds more than
 * `limit`. Counting first makes the limit hold under parallel requests; returns the counter.
 */
export async function enforceLimit(
  db: DbOrTx,
  { key, limit, windowSeconds, message }: Limit,
): Promise<Counter> {
  const counter = await hitCounter(db, key, windowSeconds);
  if (counter.count > limit) throw new TooManyRequestsError(message, counter.retryAfterSeconds);
  return counter;
}

/** Drops windows older than a day (called now and then; counters never need more history). */
export async function pruneCounters(db: DbOrTx, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
}
