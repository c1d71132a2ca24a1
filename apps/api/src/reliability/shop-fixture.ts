import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { CheckoutRequest } from '@pasal/contract/checkout';
import { type Db, openDatabase } from '../db/client';
import { signAccessToken } from '../lib/access-token';
import { issueTokens } from '../modules/auth/session-service';
import { seedLocations } from '../seed/locations';
import type { ServerData } from '../test/database-modes';
import { createAddress, createProduct, createUser } from '../test/factories';
import { freePort } from '../test/private-postgres';
import { type ServerOptions, type ServerProcess, STRONG_JWT_SECRET } from '../test/server-process';

// Shop data for tests that run the real server as a process: written with the factories before the
// server starts (an embedded folder is open in one process only), read back after it stopped.

export interface Customer {
  id: number;
  /** An access token signed the way login signs one (STRONG_JWT_SECRET, which the servers run with). */
  token: string;
  tokenVersion: number;
  /** The login session (refresh-token family) the token belongs to. */
  sessionId: string;
  addressId: number;
}

/** The customers with tokens signed with another secret (servers that run without JWT_SECRET). */
export async function signedWith(secret: string, customers: Customer[]): Promise<Customer[]> {
  return Promise.all(
    customers.map(async (customer) => ({
      ...customer,
      token: await signAccessToken(secret, {
        userId: customer.id,
        version: customer.tokenVersion,
        sessionId: customer.sessionId,
      }),
    })),
  );
}

export interface ShopFixture {
  products: { id: number; slug: string; title: string; stock: number }[];
  customers: Customer[];
}

/** A server's data: its folder and, on PostgreSQL, its database. */
type Where = Pick<ServerData, 'dataDir' | 'databaseUrl'>;

/** Runs fn on the server's database (PGlite: only while no server has the folder open). */
export async function withDatabase<T>(data: Where, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: data.databaseUrl,
    pgliteDir: join(data.dataDir, 'db'),
  });
  try {
    await database.migrate();
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** Locations (with their delivery stations), products and customers with a deliverable address. */
export async function seedShop(
  data: Where,
  wanted: { products: number; stock: number; customers: number },
): Promise<ShopFixture> {
  return withDatabase(data, async (db) => {
    await seedLocations(db);
    const products = [];
    for (let i = 0; i < wanted.products; i += 1) {
      const product = await createProduct(db, { stock: wanted.stock, sellingPrice: 15_000 + i * 1_000 });
      products.push({ id: product.id, slug: product.slug, title: product.title, stock: product.stock });
    }
    const customers = [];
    for (let i = 0; i < wanted.customers; i += 1) {
      // Their e-mails count as proven, so order confirmations go by e-mail (decision 035).
      const user = await createUser(db, { emailVerifiedAt: new Date() });
      const address = await createAddress(db, user.id);
      const sessionId = randomUUID();
      const { access: token } = await issueTokens(db, STRONG_JWT_SECRET, user, sessionId);
      customers.push({
        id: user.id,
        token,
        tokenVersion: user.tokenVersion,
        sessionId,
        addressId: address.id,
      });
    }
    return { products, customers };
  });
}

/**
 * Server options on a port chosen now, with PUBLIC_URL on it: the wallet simulators and the
 * payment returns then work, and a restart comes back at the same address.
 */
export async function walletReadyOptions(
  data: ServerData,
  env: Record<string, string | undefined> = {},
): Promise<ServerOptions> {
  const port = await freePort();
  return {
    dataDir: data.dataDir,
    databaseUrl: data.databaseUrl,
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
  };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, each test reads the fields it checks
  body: any;
}

/** One JSON request to the server; rejects when the connection fails (the server died). */
export async function request(
  server: Pick<ServerProcess, 'url'>,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}/api/ecommerce${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body };
}

export interface CheckoutCall {
  customer: Customer;
  key: string;
  body: CheckoutRequest;
}

/** A checkout the storefront could send, with an Idempotency-Key of its own. */
export function checkoutCall(
  customer: Customer,
  lines: [productId: number, quantity: number][],
  paymentMethod: CheckoutRequest['payment_method'],
): CheckoutCall {
  return {
    customer,
    key: randomUUID(),
    body: {
      product_id: lines.map(([id]) => id),
      qtys: lines.map(([, quantity]) => quantity),
      location: customer.addressId,
      voucher_code: '',
      payment_method: paymentMethod,
      notes: '',
    },
  };
}

export function sendCheckout(server: Pick<ServerProcess, 'url'>, call: CheckoutCall): Promise<Answer> {
  return request(server, 'POST', '/checkout/', {
    token: call.customer.token,
    body: call.body,
    headers: { 'idempotency-key': call.key },
  });
}

/** Polls until check() is true (bounded): for work a server does by itself, like the reconciler. */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
