import { STAFF_ONLY } from '@pasal/contract/admin-common';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config';
import { queryRows } from '../db/client';
import { ForbiddenError } from '../lib/errors';
import { processRegistry } from '../lib/process-metrics';
import { fromThisMachine } from '../lib/this-machine';
import { secretMatches } from '../ops/ops-secret';

/** A 404 answered by no route: one label value, so made-up paths cannot grow the series without bound. */
const NO_ROUTE = 'no route';

/**
 * GET /metrics in Prometheus text format (decision 051): requests per route and status with their
 * latency, database time, the catalogue cache's hit rate, the outbox backlog, open payment
 * attempts and event-loop lag. Readable with METRICS_TOKEN as a bearer token (a scraper) or a
 * staff member's access token; outside production also from this machine without either.
 */
export function registerMetrics(app: FastifyInstance, config: AppConfig): void {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route (its pattern) and status; _count is the number of requests.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? NO_ROUTE, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  const cache = app.catalogueCache;
  new Counter({
    name: 'pasal_response_cache_lookups_total',
    help: 'Public catalogue answers looked up in the response cache: hit (served a kept answer) or miss (computed).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, cache.lookups.hits);
      this.inc({ result: 'miss' }, cache.lookups.misses);
    },
  });
  new Gauge({
    name: 'pasal_response_cache_bytes',
    help: 'Bytes held by the response cache (answers and their compressed forms).',
    registers: [registry],
    collect() {
      this.set(cache.size.bytes);
    },
  });

  // Asked of the database at each scrape; a database that does not answer leaves the last values.
  const fromDatabase = (name: string, help: string, query: ReturnType<typeof sql>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        try {
          const [row] = await queryRows<{ n: number | string }>(app.db, query);
          this.set(Number(row?.n ?? 0));
        } catch (err) {
          app.log.warn({ err }, `metrics: could not read ${name}`);
        }
      },
    });
  fromDatabase(
    'pasal_outbox_backlog',
    'Queued messages (order confirmations) a provider still has to carry.',
    sql`select count(*) as n from message_outbox where next_attempt_at is not null`,
  );
  fromDatabase(
    'pasal_outbox_oldest_seconds',
    'Age of the oldest message still waiting in the outbox (0 when none waits).',
    sql`select coalesce(extract(epoch from now() - min(created_at)), 0) as n from message_outbox where next_attempt_at is not null`,
  );
  fromDatabase(
    'pasal_payment_attempts_open',
    'Online payment attempts whose outcome is not known yet (initiated or pending).',
    sql`select count(*) as n from payments where status in ('initiated', 'pending')`,
  );

  const mayRead = async (request: FastifyRequest): Promise<void> => {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (config.metricsToken && secretMatches(config.metricsToken, bearer)) return;
    if (config.env === 'development' && !request.headers.authorization && fromThisMachine(request)) return;
    await app.authenticate(request);
    if (!request.user.isStaff) throw new ForbiddenError(STAFF_ONLY);
  };

  app.get('/metrics', { schema: { hide: true }, onRequest: mayRead }, async (_request, reply) => {
    const merged = Registry.merge([processRegistry(), registry]);
    reply.header('cache-control', 'no-store').type(merged.contentType);
    return merged.metrics();
  });
}
