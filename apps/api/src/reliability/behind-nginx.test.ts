import { rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products } from '../db/schema/catalogue';
import { orders } from '../db/schema/orders';
import { databaseModes, type ServerData, tempDir } from '../test/database-modes';
import { createUser } from '../test/factories';
import { type NginxProcess, startNginx } from '../test/nginx-process';
import { type ExitResult, killAll, type ServerProcess, startServer } from '../test/server-process';
import { expectOrdersWhole, loadCall, type Outcome } from './checkout-load';
import { eventually, request, type ShopFixture, seedShop, sendCheckout, withDatabase } from './shop-fixture';

// Two instances on one PostgreSQL behind a real nginx (Debian's package) running the site
// docs/deploy.md tells shop owners to install. Checkouts and catalogue reads go through nginx
// while one instance is killed with SIGKILL: every order acknowledged exists once, the stock adds
// up, reads carry on through the other instance at once, and nginx sends a request to a second
// instance only when that is safe (never a POST it already sent to the first). Its access log
// says, per request, which instances it tried and how many bytes each received.
const postgres = databaseModes().find((mode) => mode.name === 'postgres');

const PRODUCTS = 4;
/** More than the load can buy: every checkout here is placed, none refused for stock. */
const INITIAL_STOCK = 500;
const WORKERS = 8;
const READERS = 2;
/** Checkouts answered 201 before the kill, and after it (sent after the instance was gone). */
const PLACED_BEFORE_KILL = 16;
const PLACED_AFTER_KILL = 16;

let data: ServerData;
let secondDir: string | undefined;
let shop: ShopFixture;
let a: ServerProcess;
let b: ServerProcess;
let proxy: NginxProcess;

const address = (server: ServerProcess) => `127.0.0.1:${server.port}`;

interface Proxied {
  status: number;
  headers: IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, each test reads the fields it checks
  body: any;
}

/** A JSON POST to nginx from a client address of our own (any 127.x address reaches it). */
function postFrom(clientAddress: string, path: string, body: unknown, headers: Record<string, string>) {
  return new Promise<Proxied>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const outgoing = httpRequest(
      `${proxy.url}/api/ecommerce${path}`,
      {
        method: 'POST',
        localAddress: clientAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
        });
        incoming.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: parsed });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

describe.skipIf(!postgres)('behind nginx: two instances on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    data = await (postgres as NonNullable<typeof postgres>).prepare();
    shop = await seedShop(data, { products: PRODUCTS, stock: INITIAL_STOCK, customers: 16 });
    secondDir = tempDir();
    // One proxy stands in front, as docs/deploy.md configures the instances.
    const env = { TRUST_PROXY: '1' };
    [a, b] = await Promise.all([
      startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl, env }),
      startServer({ dataDir: secondDir, databaseUrl: data.databaseUrl, env }),
    ]);
    // Without nginx this fails (it never skips): CI installs it (.ci/run).
    proxy = await startNginx([a.port, b.port]);
  });
  afterAll(async () => {
    await proxy?.stop();
    await killAll([a, b]);
    await data?.dispose();
    if (secondDir) rmSync(secondDir, { recursive: true, force: true });
  });

  test("nginx hands the shopper's address and its request id to both instances; an address a client forges is not believed", async () => {
    const user = await withDatabase(data, (db) => createUser(db));
    const login = (from: string, password: string, forged: string) =>
      postFrom(
        from,
        '/login/',
        { phone_or_email: user.phone, password },
        // A client trying to look like ten different addresses.
        { 'x-forwarded-for': forged },
      );
    for (let i = 0; i < 10; i += 1)
      expect((await login('127.0.0.2', 'wrong-password', `10.9.0.${i}`)).status).toBe(401);
    // Locked out from 127.0.0.2 (what nginx saw), on whichever instance answers.
    for (let i = 0; i < 2; i += 1) {
      const locked = await login('127.0.0.2', 'Passw0rd!', `10.9.1.${i}`);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe('Too many failed login attempts. Please try again later.');
    }
    // Another shopper's address is not: the instances see each client's own address, not nginx's.
    const other = await login('127.0.0.3', 'Passw0rd!', '10.9.0.1');
    expect(other.status).toBe(200);
    // nginx's $request_id (32 hex digits) is the id the instance logged and answered with.
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);

    const logins = proxy.requests().filter((r) => r.uri === '/api/ecommerce/login/');
    expect(new Set(logins.flatMap((r) => r.upstreams))).toEqual(new Set([address(a), address(b)]));
  });

  test('SIGKILL of one instance under checkouts and reads through nginx: every acknowledged order exists once, stock adds up, reads go on at once, no POST is sent twice', async () => {
    type Timed = Outcome & { startedAt: number };
    const checkouts: Timed[] = [];
    const reads: { path: string; startedAt: number; status: number }[] = [];
    let placedBefore = 0;
    let placedAfter = 0;
    let n = 0;
    let killedAt = Number.POSITIVE_INFINITY;
    let killing: Promise<ExitResult> | undefined;
    const kill = async () => {
      const exit = await a.kill('SIGKILL');
      killedAt = performance.now();
      return exit;
    };
    const done = () => placedAfter >= PLACED_AFTER_KILL;

    const buyer = async () => {
      while (!done()) {
        n += 1;
        const outcome: Timed = { call: loadCall(shop, n, ['cash']), startedAt: performance.now() };
        checkouts.push(outcome);
        // Through nginx: it always answers (a 502 when the instance died with the request).
        outcome.answer = await sendCheckout(proxy, outcome.call);
        if (outcome.answer.status === 201) {
          if (outcome.startedAt >= killedAt) placedAfter += 1;
          else placedBefore += 1;
        }
        if (placedBefore >= PLACED_BEFORE_KILL && !killing) killing = kill();
      }
    };
    const reader = async (first: number) => {
      for (let k = first; !done(); k += 1) {
        const product = shop.products[k % PRODUCTS];
        const path = k % 3 === 0 ? '/category/all' : `/product/detail/${product.slug}/`;
        const startedAt = performance.now();
        const { status } = await request(proxy, 'GET', path);
        reads.push({ path, startedAt, status });
      }
    };
    await Promise.all([
      ...Array.from({ length: WORKERS }, buyer),
      ...Array.from({ length: READERS }, (_, i) => reader(i)),
    ]);
    expect(await killing).toEqual({ code: null, signal: 'SIGKILL' });

    // What nginx did with each checkout: both instances took orders before the kill; a POST went
    // to a second instance only when the first never received a byte of it (its port was closed);
    // one cut off by the kill was answered 502 and never sent to the other instance.
    const checkoutLines = () =>
      proxy.requests().filter((r) => r.method === 'POST' && r.uri === '/api/ecommerce/checkout/');
    // nginx writes a request's line once it has answered it: the last may come a moment later.
    await eventually(async () => checkoutLines().length >= checkouts.length, 'the access log', 5_000);
    const posts = checkoutLines();
    expect(posts).toHaveLength(checkouts.length);
    const placedBy = new Set(posts.filter((r) => r.status === 201).map((r) => r.upstreams.at(-1)));
    expect(placedBy).toEqual(new Set([address(a), address(b)]));
    for (const post of posts) {
      expect(
        post.upstreamBytesSent.filter((bytes) => bytes > 0).length,
        JSON.stringify(post),
      ).toBeLessThanOrEqual(1);
      if (post.status === 502) {
        expect(post.upstreams, JSON.stringify(post)).toEqual([address(a)]);
        expect(post.upstreamBytesSent[0]).toBeGreaterThan(0);
      }
    }

    // Every checkout was placed, or cut off by the kill (a 502 from nginx); some were in flight.
    for (const { answer } of checkouts)
      expect([201, 502], JSON.stringify(answer?.body)).toContain(answer?.status);
    const cutOff = checkouts.filter((o) => o.answer?.status === 502);
    expect(cutOff.length).toBeGreaterThan(0);
    expect(
      posts
        .filter((r) => r.status === 502)
        .map((r) => r.idempotencyKey)
        .sort(),
    ).toEqual(cutOff.map((o) => o.call.key).sort());

    // The shopper's retry of a cut-off checkout (the storefront keeps its key after a 5xx):
    // the order the first try placed, if the instance committed it before dying, or a new one.
    const retried: Outcome[] = [];
    for (const { call } of cutOff) {
      const answer = await sendCheckout(proxy, call);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      retried.push({ call, answer });
    }

    // Reads: every one answered 200. Those sent after the instance was gone went to the other at
    // once; one in flight at the kill was sent again to the other by nginx (a GET is safe to repeat).
    expect(reads.filter((r) => r.startedAt >= killedAt).length).toBeGreaterThan(0);
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);

    // The database: every acknowledged order once, whole, as answered; orders and keys one to one;
    // nothing else (every cut-off checkout was answered on its retry); stock + sold = initial.
    await withDatabase(data, async (db) => {
      const placed = [...checkouts.filter((o) => o.answer?.status === 201), ...retried];
      await expectOrdersWhole(db, shop, INITIAL_STOCK, placed);
      const stored = await db.select({ id: orders.id }).from(orders);
      const answeredIds = new Set(placed.map((o) => o.answer?.body.order_id));
      expect(answeredIds.size).toBe(placed.length);
      expect(stored.map((row) => row.id).sort((x, y) => x - y)).toEqual(
        [...answeredIds].sort((x, y) => x - y),
      );
      const stock = await db.select({ stock: products.stock }).from(products);
      expect(stock.every((row) => row.stock >= 0)).toBe(true);
    });
  });
});
