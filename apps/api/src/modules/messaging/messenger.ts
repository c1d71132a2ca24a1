import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { messageOutbox } from '../../db/schema/platform';
import { createAakashSmsSender } from './aakash-sms-sender';
import { MessageDeliveryError, type MessageSender, type OutgoingMessage } from './message-sender';
import { type AttemptOutcome, attemptSend, recordAttempt } from './outbox-attempts';
import { outboxSender } from './outbox-sender';
import { segmentsOf } from './sms-segments';
import { createSmtpSender } from './smtp-sender';
import { createSparrowSmsSender } from './sparrow-sms-sender';

export interface Messenger {
  /** Sends through the channel's provider and records it in the outbox; rejects with MessageDeliveryError. */
  send(message: OutgoingMessage): Promise<void>;
}

/** Picks each channel's provider from the configuration: SMTP for e-mail, Sparrow or Aakash for SMS. */
export function pickSenders(config: AppConfig): Record<OutgoingMessage['channel'], MessageSender> {
  const email = config.smtpUrl ? createSmtpSender(config.smtpUrl, config.mailFrom) : outboxSender;
  let sms = outboxSender;
  if (config.sparrowSmsToken) {
    sms = createSparrowSmsSender({
      url: config.sparrowSmsUrl,
      token: config.sparrowSmsToken,
      from: config.sparrowSmsFrom,
    });
  } else if (config.aakashSmsToken) {
    sms = createAakashSmsSender({ url: config.aakashSmsUrl, token: config.aakashSmsToken });
  }
  return { email, sms };
}

export const MASKED_OTP = '••••••';

/** The message text with its code masked, for a record that must not hold the code. */
export function maskOtp(text: string, otp: string | undefined): string {
  return otp ? text.replaceAll(otp, MASKED_OTP) : text;
}

export function createMessenger(db: DbOrTx, config: AppConfig): Messenger {
  const senders = pickSenders(config);
  return {
    async send(message) {
      const sender = senders[message.channel];
      // The outbox record keeps the code readable only where the outbox is the delivery (the dev
      // outbox outside production). In production, or when a real provider carried the message,
      // neither the otp column nor the text holds it.
      const keepOtp = config.env !== 'production' && sender === outboxSender;
      let failure: string | undefined;
      try {
        await sender.send(message);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      await db.insert(messageOutbox).values({
        recipient: message.to,
        channel: message.channel,
        text: keepOtp ? message.text : maskOtp(message.text, message.otp),
        otp: keepOtp ? (message.otp ?? null) : null,
        // Counted on the text as sent (the masked one would count other characters).
        segments: segmentsOf(message),
        provider: sender.name,
        sentAt: failure ? null : new Date(),
        error: failure ?? null,
      });
      if (failure) throw new MessageDeliveryError(sender.name, failure);
    },
  };
}

// One set of senders per configuration, so an SMTP transport is not rebuilt for every order.
const sendersByConfig = new WeakMap<AppConfig, Record<OutgoingMessage['channel'], MessageSender>>();
export function sendersFor(config: AppConfig): Record<OutgoingMessage['channel'], MessageSender> {
  let senders = sendersByConfig.get(config);
  if (!senders) {
    senders = pickSenders(config);
    sendersByConfig.set(config, senders);
  }
  return senders;
}

/** A message recorded in the outbox that a real provider still has to carry (after the commit). */
export interface QueuedMessage {
  id: number;
  message: OutgoingMessage;
}

/**
 * Records a message inside the caller's transaction, so it exists exactly when what it announces
 * does (an order): a provider that fails later cannot take the order with it. Where the outbox is
 * the delivery (no provider configured) the record is the message and it counts as sent now;
 * otherwise it waits for `deliverQueuedMessage` after the commit, and if that never happens (a
 * crash) or fails, the outbox sweeper sends it once OUTBOX_RETRY_AFTER has passed
 * (outbox-sweeper.ts). Not for codes (OTPs): those go through `send`, which never keeps a code
 * where a provider carried it, and are never retried.
 */
export async function queueMessage(
  tx: DbOrTx,
  config: AppConfig,
  message: Omit<OutgoingMessage, 'otp'>,
): Promise<QueuedMessage | null> {
  const record = outboxRecord(config, message);
  const [row] = await tx.insert(messageOutbox).values(record).returning({ id: messageOutbox.id });
  return record.sentAt ? null : { id: row.id, message };
}

/**
 * The outbox row of a message queued now (what `queueMessage` inserts), for a caller that writes it
 * in a statement of its own: `sentAt` is set when the outbox is the delivery (nothing to send
 * after the commit); otherwise `nextAttemptAt` gives the after-commit send its time to itself.
 */
export function outboxRecord(config: AppConfig, message: Omit<OutgoingMessage, 'otp'>, now = new Date()) {
  const sender = sendersFor(config)[message.channel];
  const immediate = sender === outboxSender;
  return {
    recipient: message.to,
    channel: message.channel,
    subject: message.subject,
    text: message.text,
    segments: segmentsOf(message),
    provider: sender.name,
    sentAt: immediate ? now : null,
    // The after-commit send has this long to itself before a sweeper may take the message.
    nextAttemptAt: immediate ? null : new Date(now.getTime() + config.outbox.retryAfterSeconds * 1000),
  };
}

/**
 * Hands a queued message to its provider right after the commit and records the outcome on its
 * outbox row (sent_at, or the error and when the sweeper tries again). A provider's failure is
 * recorded, not thrown: the caller already answered for what the message announces.
 */
export async function deliverQueuedMessage(
  db: DbOrTx,
  config: AppConfig,
  queued: QueuedMessage,
): Promise<AttemptOutcome> {
  const sender = sendersFor(config)[queued.message.channel];
  const failure = await attemptSend(sender, queued.message);
  return recordAttempt(db, config, { id: queued.id, attempts: 0 }, sender.name, failure);
}
