import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Request logging without two info lines per request: written synchronously, they cost more CPU
 * than answering a cached catalogue read. Errors are logged as before, requests slower than
 * `slowRequestMs` as warnings with the request, and LOG_LEVEL=debug brings back every line.
 */
export class RequestLogController extends LogController {
  constructor(private readonly slowRequestMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    } else if (responseTime >= this.slowRequestMs) {
      reply.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    } else {
      reply.log.debug({ res: reply, responseTime }, 'request completed');
    }
  }
}
