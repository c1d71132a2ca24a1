import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { KEY_IN_PROGRESS, KEY_REUSED } from '@pasal/contract/checkout';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fixedStatement } from '../../db/fixed-statement';
import { idempotencyKeys } from '../../db/schema/platform';
import { ConflictError, UnprocessableError } from '../../lib/errors';

/** A key is remembered this long; the hourly prune forgets older ones (a reuse then is a new request). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;
/** How long a duplicate waits for the first request to record its final answer. */
const WAIT_FOR_FIRST_MS = 20_000;
const POLL_MS = 25;
/**
 * A first request that committed its order but never recorded its final answer (the process died
 * while starting the wallet payment): after this long its provisional answer is final.
 */
const ABANDONED_AFTER_MS = 60_000;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** What identifies a request: the operation and its parsed body, hashed. */
export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, body]))
    .digest('hex');
}

type KeyRow = typeof idempotencyKeys.$inferSelect;

export type Claim = { claimed: true; id: number } | { claimed: false; row: KeyRow };

// Rendered once, prepared by name: the claim runs on every keyed checkout (db/fixed-statement.ts).
const insertKey = fixedStatement<{ id: number }, 'userId' | 'key' | 'hash'>(
  'checkout_claim_key',
  (value) => sql`
    insert into ${idempotencyKeys} (user_id, key, request_hash)
    values (${value('userId')}, ${value('key')}, ${value('hash')})
    on conflict (user_id, key) do nothing
    returning id
  `,
);

/**
 * Claims the key for this request, as the first statement of its transaction. The insert takes
 * the unique index entry: a concurrent request with the same key waits in its own insert until
 * this transaction ends, then finds the committed row (and replays it) or, if this one rolled
 * back, claims the key itself. Nothing else is needed for exactly-once, on any instance.
 */
export async function claimKey(tx: DbOrTx, userId: number, key: string, hash: string): Promise<Claim> {
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  for (let round = 0; ; round += 1) {
    const [inserted] = await insertKey(tx, { userId, key, hash });
    if (inserted) return { claimed: true, id: inserted.id };
    const [row] = await tx.select().from(idempotencyKeys).where(mine);
    // A key past its retention that the prune has not reached yet is forgotten now: a new request.
    if (row && round === 0 && Date.now() - row.createdAt.getTime() > IDEMPOTENCY_RETENTION_MS) {
      await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
      continue;
    }
    if (row) return { claimed: false, row };
    // Deleted between our two statements (pruned): claim it again.
    if (round > 2) throw new Error('idempotency key could not be claimed');
  }
}

/** Stores the answer; a null status marks it provisional (the request is still finishing). */
export async function storeAnswer(
  db: DbOrTx,
  id: number,
  status: number | null,
  body: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: status, responseBody: body })
    .where(eq(idempotencyKeys.id, id));
}

/**
 * The answer to replay for a key another request claimed: refused when the bodies differ (422);
 * otherwise the first request's final answer, waiting for it while that request is still
 * finishing (its order is committed and its wallet payment is being started).
 */
export async function replay(db: DbOrTx, row: KeyRow, hash: string): Promise<StoredAnswer> {
  if (row.requestHash !== hash) throw new UnprocessableError(KEY_REUSED, { msg: KEY_REUSED });
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  let current: KeyRow | undefined = row;
  while (current) {
    if (current.statusCode !== null) return { status: current.statusCode, body: current.responseBody };
    if (current.responseBody !== null && Date.now() - current.createdAt.getTime() > ABANDONED_AFTER_MS)
      return { status: 201, body: current.responseBody };
    if (Date.now() > deadline) break;
    await sleep(POLL_MS);
    [current] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
  }
  throw new ConflictError(KEY_IN_PROGRESS, { msg: KEY_IN_PROGRESS });
}

/** Forgets keys past their retention; any instance may run it. */
export async function pruneIdempotencyKeys(db: DbOrTx, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}
