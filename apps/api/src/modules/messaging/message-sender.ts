export type MessageChannel = 'sms' | 'email';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** A phone number (digits) or an e-mail address. */
  to: string;
  subject: string;
  text: string;
  /** The code the message carries, if any (kept in the outbox outside production). */
  otp?: string;
}

/** One provider: resolves when the provider accepted the message, rejects otherwise. */
export interface MessageSender {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

/** A provider refused or could not be reached. */
export class MessageDeliveryError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = 'MessageDeliveryError';
  }
}
