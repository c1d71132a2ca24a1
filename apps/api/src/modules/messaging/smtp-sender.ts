import nodemailer from 'nodemailer';
import { MessageDeliveryError, type MessageSender } from './message-sender';

/** E-mail through any SMTP server named by a URL (smtp://user:pass@host:587, smtps://…). */
export function createSmtpSender(smtpUrl: string, from: string): MessageSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        throw new MessageDeliveryError('smtp', error instanceof Error ? error.message : String(error));
      }
    },
  };
}
