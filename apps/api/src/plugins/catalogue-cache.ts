import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../config';
import {
  type CachedAnswer,
  type EncodedBody,
  type Encoding,
  etagMatches,
  preferredEncoding,
  ResponseCache,
} from '../lib/response-cache';

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

function serializer<T extends z.ZodType>(schema: T, compute: () => Promise<z.input<T>>) {
  return async () => JSON.stringify(schema.parse(await compute()));
}

/**
 * A public catalogue answer as its route sends it, from the same cache entry (for the home page's
 * document, which carries the banners' answer: plugins/home-document.ts).
 */
export function catalogueAnswer<T extends z.ZodType>(
  app: FastifyInstance,
  key: string,
  schema: T,
  compute: () => Promise<z.input<T>>,
): Promise<CachedAnswer> {
  return app.catalogueCache.get(key, serializer(schema, compute));
}

/**
 * Answers a public GET from the catalogue cache: the JSON is checked against the route's response
 * schema and serialized once per freshness period, compressed once per encoding, and validated by
 * ETag (304). Routes using it set `compress: false`; the bytes leave already compressed. A fresh
 * answer already compressed the way the client wants is sent at once (the common case, no promise);
 * otherwise the answer is awaited.
 */
export function sendCached<T extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  schema: T,
  compute: () => Promise<z.input<T>>,
): Promise<void> | undefined {
  const serialize = serializer(schema, compute);
  const accepted = preferredEncoding(request.headers['accept-encoding']);
  const answer = request.server.catalogueCache.fresh(key, serialize);
  const encoded = answer?.encodedNow(accepted);
  if (answer && encoded) {
    sendAnswer(request, reply, answer, encoded);
    return undefined;
  }
  return sendWhenReady(request, reply, answer, key, serialize, accepted);
}

async function sendWhenReady(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: CachedAnswer | undefined,
  key: string,
  serialize: () => Promise<string>,
  accepted: Encoding,
): Promise<void> {
  // A kept answer still being compressed, or a miss (fresh() above counted it once).
  const answer = kept ?? (await request.server.catalogueCache.compute(key, serialize));
  sendAnswer(request, reply, answer, await answer.encoded(accepted));
  // A reply is thenable: waiting for it keeps Fastify from answering the handler's own result.
  await reply;
}

/** How a kept answer goes out: its media type and who may keep it for how long. */
export interface AnswerHeaders {
  type: string;
  cacheControl: string;
}

const CATALOGUE_JSON: AnswerHeaders = {
  type: 'application/json; charset=utf-8',
  cacheControl: CATALOGUE_CACHE_CONTROL,
};

/** Sends a kept answer in the encoding given, or 304 when the client's ETag still matches it. */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  encoded: EncodedBody,
  headers: AnswerHeaders = CATALOGUE_JSON,
): void {
  reply
    .header('cache-control', headers.cacheControl)
    .header('etag', answer.etag)
    .header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) {
    reply.code(304).send();
    return;
  }
  if (encoded.encoding !== 'identity') reply.header('content-encoding', encoded.encoding);
  reply.type(headers.type).send(encoded.body);
}
