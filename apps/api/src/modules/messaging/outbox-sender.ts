import type { MessageSender } from './message-sender';

/** The default: nothing leaves the server; the outbox row the messenger writes is the message. */
export const outboxSender: MessageSender = {
  name: 'outbox',
  async send() {},
};
