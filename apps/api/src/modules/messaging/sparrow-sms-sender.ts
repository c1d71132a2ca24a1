import { postForm } from './http-post-form';
import { MessageDeliveryError, type MessageSender } from './message-sender';

/** Sparrow SMS (Nepal): POST {url} with token, from, to, text; 200 with response_code 200 means accepted. */
export function createSparrowSmsSender(options: { url: string; token: string; from: string }): MessageSender {
  return {
    name: 'sparrow',
    async send(message) {
      const answer = (await postForm('sparrow', options.url, {
        token: options.token,
        from: options.from,
        to: message.to,
        text: message.text,
      })) as { response_code?: number; response?: string } | string;
      if (typeof answer === 'object' && answer.response_code !== undefined && answer.response_code !== 200) {
        throw new MessageDeliveryError('sparrow', `refused: ${answer.response ?? answer.response_code}`);
      }
    },
  };
}
