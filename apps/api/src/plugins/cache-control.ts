import type { FastifyInstance } from 'fastify';

/**
 * Every API answer is `Cache-Control: no-store` unless its route chose otherwise: profiles,
 * tokens, carts and errors must never sit in a browser or proxy cache. Public, cacheable answers
 * (the catalogue) set their own header, which this leaves alone.
 */
export function registerCacheControl(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer and needs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
