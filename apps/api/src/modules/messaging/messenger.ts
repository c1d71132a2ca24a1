import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { messageOutbox } from '../../db/schema/platform';
import { createAakashSmsSender } from './aakash-sms-sender';
import { MessageDeliveryError, type MessageSender, type OutgoingMessage } from './message-sender';
import { outboxSender } from './outbox-sender';
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

export function createMessenger(db: DbOrTx, config: AppConfig): Messenger {
  const senders = pickSenders(config);
  // Codes are kept readable for the dev outbox, never in production.
  const keepOtp = config.env !== 'production';
  return {
    async send(message) {
      const sender = senders[message.channel];
      let failure: string | undefined;
      try {
        await sender.send(message);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      await db.insert(messageOutbox).values({
        recipient: message.to,
        channel: message.channel,
        text: message.text,
        otp: keepOtp ? (message.otp ?? null) : null,
        provider: sender.name,
        sentAt: failure ? null : new Date(),
        error: failure ?? null,
      });
      if (failure) throw new MessageDeliveryError(sender.name, failure);
    },
  };
}
