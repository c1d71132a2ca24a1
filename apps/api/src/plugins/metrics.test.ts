import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payments } from '../db/schema/orders';
import { messageOutbox } from '../db/schema/platform';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createOrder, createProduct, createUser } from '../test/factories';
import { newShopper } from '../test/shopper';
import { newStaff } from '../test/staff';

const METRICS_TOKEN = randomBytes(32).toString('base64url');

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('who may read /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers });

  test('a scraper with METRICS_TOKEN reads the Prometheus text format', async () => {
    const res = await get({ authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  test('a staff member reads it with their access token', async () => {
    const staff = await newStaff(t.app, t.db);
    expect((await get({ authorization: `Bearer ${staff.token}` })).statusCode).toBe(200);
  });

  test('a visitor, a wrong token and a customer are refused (401, 401, 403), even from this machine', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get({ authorization: `Bearer ${METRICS_TOKEN.slice(1)}x` })).statusCode).toBe(401);
    const customer = await newShopper(t.app, t.db);
    const res = await get({ authorization: `Bearer ${customer.token}` });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('http_request_duration_seconds');
  });
});

describe('access by environment', () => {
  test('in production a request from this machine still needs a token', async () => {
    const t = await buildTestApp({ NODE_ENV: 'production' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  test('in development this machine reads it without a token; a forwarded request does not', async () => {
    const t = await buildTestApp({ NODE_ENV: 'development' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      const forwarded = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(forwarded.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('what /metrics reports', () => {
  let t: TestApp;
  let text: string;
  beforeAll(async () => {
    // The catalogue cache on, so that a second read is a hit.
    t = await buildTestApp({ METRICS_TOKEN, CATALOGUE_CACHE_MS: '60000' });
    const product = await createProduct(t.db);
    for (let i = 0; i < 2; i += 1)
      await t.app.inject({ method: 'GET', url: `/api/ecommerce/product/detail/${product.slug}/` });
    await t.app.inject({ method: 'GET', url: '/api/ecommerce/no-such-thing' });
    await t.app.inject({ method: 'GET', url: '/api/another-made-up-path' });
    // Two messages waiting for a provider, one already sent; one open payment attempt, one settled.
    const due = new Date(Date.now() + 60_000);
    await t.db.insert(messageOutbox).values([
      { recipient: 'a@example.com', channel: 'email', text: 'Order placed', nextAttemptAt: due },
      { recipient: '9800000001', channel: 'sms', text: 'Order placed', nextAttemptAt: due },
      { recipient: 'b@example.com', channel: 'email', text: 'Sent', sentAt: new Date() },
    ]);
    const customer = await createUser(t.db);
    const order = await createOrder(t.db, {
      userId: customer.id,
      totalPaisa: 10_000,
      paymentMethod: 'esewa',
    });
    await t.db.insert(payments).values([
      {
        orderId: order.id,
        attempt: 1,
        provider: 'esewa',
        reference: 'm-open',
        amount: 10_000,
        status: 'pending',
      },
      {
        orderId: order.id,
        attempt: 2,
        provider: 'esewa',
        reference: 'm-failed',
        amount: 10_000,
        status: 'failed',
      },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    text = res.body;
  });
  afterAll(async () => {
    await t.close();
  });

  test('requests per route pattern and status, with their latency', () => {
    const detail = 'method="GET",route="/api/ecommerce/product/detail/:slug/",status_code="200"';
    expect(sample(text, `http_request_duration_seconds_count{${detail}}`)).toBe(2);
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",${detail}}`)).toBe(2);
    expect(text).toMatch(/http_request_duration_seconds_sum\{method="GET",route="\/api\/ecommerce\/product/);
    // Made-up paths share one series, so they cannot multiply them.
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="no route",status_code="404"}'),
    ).toBe(2);
    expect(text).not.toContain('no-such-thing');
  });

  test('the catalogue cache: the first read missed, the second hit', () => {
    expect(sample(text, 'pasal_response_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pasal_response_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pasal_response_cache_bytes')).toBeGreaterThan(0);
  });

  test('the outbox backlog and the open payment attempts, as the database has them', () => {
    expect(sample(text, 'pasal_outbox_backlog')).toBe(2);
    expect(sample(text, 'pasal_outbox_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'pasal_payment_attempts_open')).toBe(1);
  });

  test('database time and event-loop lag', () => {
    const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(sample(text, `pasal_db_query_duration_seconds_count{database="${database}"}`)).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });
});
