import { postForm } from './http-post-form';
import { MessageDeliveryError, type MessageSender } from './message-sender';

/** Aakash SMS (Nepal) v3: POST {url} with auth_token, to, text; `error: true` in the answer means refused. */
export function createAakashSmsSender(options: { url: string; token: string }): MessageSender {
  return {
    name: 'aakash',
    async send(message) {
      const answer = (await postForm('aakash', options.url, {
        auth_token: options.token,
        to: message.to,
        text: message.text,
      })) as { error?: boolean; message?: string } | string;
      if (typeof answer === 'object' && answer.error === true) {
        throw new MessageDeliveryError('aakash', `refused: ${answer.message ?? 'unknown error'}`);
      }
    },
  };
}
