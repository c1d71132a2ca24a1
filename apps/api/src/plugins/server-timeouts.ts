import type { AppConfig } from '../config';

/**
 * Fastify's and Node's own limits on a slow client (docs/decisions/039): a request whose headers
 * and body have not all arrived `requestTimeoutMs` after it began is answered 408 and its
 * connection closed, so a client that announces a body and sends it a byte at a time cannot hold
 * a connection (and its memory) open. Node looks for such requests every
 * `connectionsCheckingInterval` (30 s by default, which would let one live twice as long): here a
 * quarter of the limit, at most a second.
 */
export function serverTimeouts(config: Pick<AppConfig, 'requestTimeoutMs'>) {
  const ms = config.requestTimeoutMs;
  return {
    requestTimeout: ms,
    http: {
      requestTimeout: ms,
      headersTimeout: ms,
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(ms / 4))),
    },
  };
}
