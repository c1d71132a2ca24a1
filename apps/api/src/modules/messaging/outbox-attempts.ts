import { and, eq, isNull } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { messageOutbox } from '../../db/schema/platform';
import type { MessageSender, OutgoingMessage } from './message-sender';

/** The wait after the first failed send; it doubles after each further failure, up to an hour. */
export const FIRST_RETRY_DELAY_MS = 60_000;
export const MAX_RETRY_DELAY_MS = 3_600_000;
/**
 * A send with no outcome after this long counts as failed, so a provider that never answers
 * cannot hold a sweep forever. The senders' own timeouts (SMTP 30 s, SMS 10 s) end it sooner.
 * Below OUTBOX_RETRY_AFTER's default (60 s): the send after the commit is over before a sweeper
 * may take the message.
 */
export const SEND_DEADLINE_MS = 45_000;

/** How long to wait before the next send, after `attempts` sends failed (exponential backoff). */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** Hands one message to its provider; resolves with the failure's text, or undefined when accepted. */
export async function attemptSend(
  sender: MessageSender,
  message: OutgoingMessage,
): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer from ${sender.name} within ${SEND_DEADLINE_MS / 1000} s`)),
      SEND_DEADLINE_MS,
    );
  });
  try {
    await Promise.race([sender.send(message), deadline]);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

export interface AttemptOutcome {
  sent: boolean;
  /** The provider's failure; on the last attempt it says the message was given up. */
  error?: string;
  /** Sends tried so far, this one included. */
  attempts: number;
  givenUp: boolean;
  /** When the sweeper tries again (null when sent or given up). */
  nextAttemptAt: Date | null;
}

/**
 * Records one send of a queued message on its outbox row: sent, or failed with the next attempt
 * `retryDelayMs` later, or given up after `config.outbox.maxAttempts` sends. A row already sent
 * (by another instance) is left as it is.
 */
export async function recordAttempt(
  db: DbOrTx,
  config: AppConfig,
  row: { id: number; attempts: number },
  provider: string,
  failure: string | undefined,
  now: Date = new Date(),
): Promise<AttemptOutcome> {
  const attempts = row.attempts + 1;
  const unsent = and(eq(messageOutbox.id, row.id), isNull(messageOutbox.sentAt));
  if (failure === undefined) {
    await db
      .update(messageOutbox)
      .set({ sentAt: now, error: null, provider, attempts, nextAttemptAt: null, claimedUntil: null })
      .where(unsent);
    return { sent: true, attempts, givenUp: false, nextAttemptAt: null };
  }
  const givenUp = attempts >= config.outbox.maxAttempts;
  const error = givenUp ? `gave up after ${attempts} attempts: ${failure}` : failure;
  const nextAttemptAt = givenUp ? null : new Date(now.getTime() + retryDelayMs(attempts));
  await db
    .update(messageOutbox)
    .set({ error, provider, attempts, nextAttemptAt, claimedUntil: null, givenUpAt: givenUp ? now : null })
    .where(unsent);
  return { sent: false, error, attempts, givenUp, nextAttemptAt };
}
