import { and, asc, inArray, isNull, lte, or } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { messageOutbox } from '../../db/schema/platform';
import { sendersFor } from './messenger';
import { attemptSend, recordAttempt, SEND_DEADLINE_MS } from './outbox-attempts';
import { outboxSender } from './outbox-sender';

/** The logger the sweeper writes to (Fastify's pino logger fits). */
export interface OutboxLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OutboxDeps {
  db: Db;
  config: AppConfig;
  log: OutboxLog;
}

/** Messages claimed (and sent concurrently) at a time. */
export const BATCH = 10;
/** Batches per pass at most, so one pass ends and a stop is not held up by a long backlog. */
const MAX_BATCHES = 10;
/**
 * A claimed message is the claimer's for this long; after that (the claimer crashed) another
 * sweeper may take it. Longer than a batch can take: its sends run at once, each ends by the deadline.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
if (CLAIM_LEASE_MS < 2 * SEND_DEADLINE_MS) throw new Error('the claim lease must outlast a send');

export interface SweepSummary {
  /** Messages this pass claimed and tried to send. */
  claimed: number[];
  sent: number[];
  /** Failed this time, tried again later. */
  failed: number[];
  givenUp: number[];
}

/**
 * Claims up to BATCH messages due now: a real provider still has to carry them, their next
 * attempt time has come (for a new message: OUTBOX_RETRY_AFTER after it was queued, the time the
 * after-commit send has to itself), and nobody holds a live claim. `for update skip locked` plus
 * the claimed_until lease make each claim exclusive across passes and instances.
 */
async function claimDue(db: Db, now: Date) {
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(
      and(
        lte(messageOutbox.nextAttemptAt, now),
        isNull(messageOutbox.sentAt),
        or(isNull(messageOutbox.claimedUntil), lte(messageOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(messageOutbox.nextAttemptAt), asc(messageOutbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(messageOutbox)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(messageOutbox.id, due))
    .returning({
      id: messageOutbox.id,
      channel: messageOutbox.channel,
      recipient: messageOutbox.recipient,
      subject: messageOutbox.subject,
      text: messageOutbox.text,
      provider: messageOutbox.provider,
      attempts: messageOutbox.attempts,
    });
}

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];

// `now`: the pass's clock when a test gave one; otherwise the outcome is stamped when it is recorded.
async function deliver(
  deps: OutboxDeps,
  row: Claimed,
  now: Date | undefined,
  summary: SweepSummary,
): Promise<void> {
  const sender = sendersFor(deps.config)[row.channel];
  // The provider was taken out of the configuration since the message was queued: nothing can
  // carry it, which counts as a failed attempt (it is sent once a provider is back).
  const unconfigured = sender === outboxSender;
  const provider = unconfigured ? row.provider : sender.name;
  const failure = unconfigured
    ? `no ${row.channel === 'email' ? 'SMTP' : 'SMS'} provider is configured`
    : await attemptSend(sender, {
        channel: row.channel,
        to: row.recipient,
        subject: row.subject ?? '',
        text: row.text,
      });
  const outcome = await recordAttempt(deps.db, deps.config, row, provider, failure, now);
  if (outcome.sent) summary.sent.push(row.id);
  else if (outcome.givenUp) {
    summary.givenUp.push(row.id);
    deps.log.error(
      { outboxId: row.id, provider, attempts: outcome.attempts, error: failure },
      `outbox: message given up after ${outcome.attempts} attempts`,
    );
  } else {
    summary.failed.push(row.id);
    deps.log.warn(
      {
        outboxId: row.id,
        provider,
        attempts: outcome.attempts,
        error: failure,
        nextAttemptAt: outcome.nextAttemptAt,
      },
      'outbox: send failed; tried again later',
    );
  }
}

/**
 * One sweep: claims due messages in batches and sends each batch concurrently, recording every
 * outcome on its row. Tests call this directly with a `now`; the server runs it on a timer
 * (startOutboxSweeper). `stopping` is checked between batches.
 */
export async function sweepOutbox(
  deps: OutboxDeps,
  pass: { now?: Date; stopping?: () => boolean } = {},
): Promise<SweepSummary> {
  const summary: SweepSummary = { claimed: [], sent: [], failed: [], givenUp: [] };
  for (let batch = 0; batch < MAX_BATCHES && !pass.stopping?.(); batch += 1) {
    const now = pass.now ?? new Date();
    const rows = await claimDue(deps.db, now);
    summary.claimed.push(...rows.map((row) => row.id));
    await Promise.all(
      rows.map((row) =>
        deliver(deps, row, pass.now, summary).catch((err) => {
          // Not recorded (the database failed): the claim runs out and the message is tried again.
          summary.failed.push(row.id);
          deps.log.error({ err, outboxId: row.id }, 'outbox: outcome not recorded');
        }),
      ),
    );
    if (rows.length < BATCH) break;
  }
  return summary;
}

export interface RunningSweeper {
  /** Stops the timer and waits (a few seconds at most) for a pass under way. */
  stop(): Promise<void>;
}

/** How long stop() waits for the sends in flight; a message left claimed is another sweeper's after the lease. */
const STOP_WAIT_MS = 5_000;

/** The in-process timer (server.ts starts it; tests call sweepOutbox, or start it themselves). */
export function startOutboxSweeper(deps: OutboxDeps): RunningSweeper {
  let running: Promise<void> | undefined;
  let stopping = false;
  const tick = () => {
    if (running || stopping) return;
    running = sweepOutbox(deps, { stopping: () => stopping })
      .then((summary) => {
        if (summary.claimed.length)
          deps.log.info(
            {
              claimed: summary.claimed.length,
              sent: summary.sent.length,
              failed: summary.failed.length,
              givenUp: summary.givenUp.length,
            },
            'outbox sweep',
          );
      })
      .catch((err) => deps.log.error({ err }, 'outbox sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, deps.config.outbox.sweepIntervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      if (!running) return;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => (wait = setTimeout(resolve, STOP_WAIT_MS))),
      ]);
      clearTimeout(wait);
    },
  };
}
