import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
} from '../lib/database-unavailable';
import { AppError, TooManyRequestsError } from '../lib/errors';

interface PgError {
  code?: string;
  constraint?: string;
}

// Postgres errors that can only come from what the caller sent (both drivers set `code`).
function pgErrorOf(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as PgError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgError;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function fieldName(path: PropertyKey[]): string {
  return path.map(String).join('.') || 'non_field_errors';
}

/** One place that maps every error to an HTTP answer; 5xx bodies never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const domain: unknown = error;
    if (domain instanceof AppError) {
      if (domain instanceof TooManyRequestsError && domain.retryAfterSeconds) {
        reply.header('retry-after', String(domain.retryAfterSeconds));
      }
      if (domain.statusCode >= 500) reply.header('cache-control', 'no-store');
      return reply.code(domain.statusCode).send({ message: domain.message, ...domain.extras });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
        const path = params?.issue?.path ?? issue.instancePath.split('/').filter(Boolean);
        const name = fieldName(path);
        const list = fields[name] ?? [];
        fields[name] = list;
        list.push(issue.message ?? 'Invalid value');
      }
      const [firstField, firstMessages] = Object.entries(fields)[0] ?? ['request', ['Invalid request']];
      const where =
        error.validationContext === 'body' ? firstField : `${error.validationContext}.${firstField}`;
      const message = firstField === 'non_field_errors' ? firstMessages[0] : `${where}: ${firstMessages[0]}`;
      return reply.code(400).send({ message, error: fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.header('cache-control', 'no-store').code(500).send({ message: 'Internal Server Error' });
    }
    // Checked before the SQLSTATE mapping below: an outage is never the caller's fault.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({ message: DATABASE_UNAVAILABLE });
    }
    const pg = pgErrorOf(error);
    if (pg?.code === '23505') return reply.code(409).send({ message: 'That already exists.' });
    if (pg?.code === '23503') return reply.code(400).send({ message: 'A referenced item does not exist.' });
    if (pg?.code === '23514' || pg?.code?.startsWith('22')) {
      return reply.code(400).send({ message: 'A value is out of range or malformed.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    // A failure must not be kept by a cache, even on a route whose answers are cacheable.
    return reply
      .header('cache-control', 'no-store')
      .code(status >= 500 && status < 600 ? status : 500)
      .send({ message: 'Internal Server Error' });
  });
}
