import type { Transporter } from 'nodemailer';
import { MessageDeliveryError, type MessageSender } from './message-sender';

/**
 * The longest a stalled SMTP server can hold a send (nodemailer waits minutes by default). The
 * outbox's grace period and the sweeper's lease are longer, so a send still under way is never
 * started a second time (docs/decisions/027). `?socketTimeout=` in the URL overrides.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** E-mail through any SMTP server named by a URL (smtp://user:pass@host:587, smtps://…). */
export function createSmtpSender(smtpUrl: string, from: string): MessageSender {
  // nodemailer is loaded with the first message: a shop that sends none does not hold it.
  let transport: Promise<Transporter> | undefined;
  const open = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  };
  return {
    name: 'smtp',
    async send(message) {
      try {
        transport ??= open();
        await (await transport).sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      } catch (error) {
        throw new MessageDeliveryError('smtp', error instanceof Error ? error.message : String(error));
      }
    },
  };
}
