import type { FastifyInstance } from 'fastify';

/**
 * Every API answer is `Cache-Control: no-store` unless its route chose otherwise: profiles,
 * tokens, carts and errors must never sit in a browser or proxy cache. Public, cacheable answers
 * (the catalogue) set their own header, which this leaves alone.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return;
    reply.header('cache-control', 'no-store');
  });
}
