import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

// Letters, digits and . _ : - only, 8 to 128 of them: what proxies and tracers send (UUIDs, nginx's
// $request_id, W3C trace ids). Anything else could forge log lines or bloat them, so it is replaced.
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's genReqId: the caller's X-Request-Id when well-formed (a proxy in front keeps one id
 * for the whole hop), else a new UUID. Every log line of the request carries it as reqId.
 */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/** Sends the id back on every answer (errors and 404s included), so a report can quote it. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
