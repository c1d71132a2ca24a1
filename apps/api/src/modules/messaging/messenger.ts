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
        provider: sender.name,
        sentAt: failure ? null : new Date(),
        error: failure ?? null,
      });
      if (failure) throw new MessageDeliveryError(sender.name, failure);
    },
  };
}
