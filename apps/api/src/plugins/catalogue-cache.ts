import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../config';
import { etagMatches, preferredEncoding, ResponseCache } from '../lib/response-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cached public catalogue answers. A module that changes the catalogue calls clear() after its commit. */
    catalogueCache: ResponseCache;
  }
}

// Browsers and proxies may keep the answer but must ask again each time (a cheap 304 while the
// ETag holds), so no copy outlives the server's freshness bound. The same for every shopper.
export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';

export function registerCatalogueCache(app: FastifyInstance, config: AppConfig): void {
  app.decorate(
    'catalogueCache',
    new ResponseCache({
      maxAgeMs: config.catalogueCacheMs,
      maxBytes: config.catalogueCacheBytes,
      onRefreshError: (key, err) => app.log.warn({ err, key }, 'refreshing a cached catalogue answer failed'),
    }),
  );
}

/**
 * Answers a public GET from the catalogue cache: the JSON is checked against the route's response
 * schema and serialized once per freshness period, compressed once per encoding, and validated by
 * ETag (304). Routes using it set `compress: false`; the bytes leave already compressed.
 */
export async function sendCached<T extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  schema: T,
  compute: () => Promise<z.input<T>>,
): Promise<void> {
  const answer = await request.server.catalogueCache.get(key, async () =>
    JSON.stringify(schema.parse(await compute())),
  );
  reply
    .header('cache-control', CATALOGUE_CACHE_CONTROL)
    .header('etag', answer.etag)
    .header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) {
    reply.code(304).send();
  } else {
    const { encoding, body } = await answer.encoded(preferredEncoding(request.headers['accept-encoding']));
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    reply.type('application/json; charset=utf-8').send(body);
  }
  // A reply is thenable: waiting for it keeps Fastify from answering the handler's own result.
  await reply;
}
