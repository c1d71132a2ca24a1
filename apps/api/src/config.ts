import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { apiDir } from './api-dir';

export const repoRoot = resolve(apiDir, '../..');

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  mediaDir: string;
  databaseUrl?: string;
  /** The built storefront; served with an SPA fallback when present. */
  webDist?: string;
  jwtSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  sparrowSmsToken?: string;
  sparrowSmsFrom: string;
  aakashSmsToken?: string;
  /** Provider endpoints; overridable so tests can point them at a local fake. */
  sparrowSmsUrl: string;
  aakashSmsUrl: string;
  /** Fastify trustProxy: a hop count, or addresses/CIDRs of the proxies; false trusts nobody. */
  trustProxy: boolean | number | string[];
  logLevel: string;
  /** Requests slower than this are logged (warn); LOG_LEVEL=debug logs every request. */
  slowRequestMs: number;
  /** Freshness bound of cached public catalogue answers (ms); 0 turns the cache off. */
  catalogueCacheMs: number;
  /** Memory cap of that cache (bytes). */
  catalogueCacheBytes: number;
  /** The shop's own base URL as browsers reach it (wallet return URLs, simulator pages). */
  publicUrl: string;
  /** Set when eSewa credentials are given; without them the simulator (outside production) or nothing. */
  esewa?: EsewaCredentials;
  /** Set when a Khalti secret key is given; without it the simulator (outside production) or nothing. */
  khalti?: KhaltiCredentials;
  payments: PaymentTimings;
  outbox: OutboxRetry;
  /** A request (headers and body) must arrive within this; otherwise 408 and the connection closes. */
  requestTimeoutMs: number;
  /** Cash orders one customer may have waiting for delivery (unpaid) before checkout refuses another; 0: no limit. */
  maxOpenCashOrders: number;
  /** PostgreSQL: how long to wait for a connection (new or from the pool) before answering 503. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: the longest one statement may run before the server cancels it. */
  databaseStatementTimeoutMs: number;
  /** PGlite: run the engine on a thread of its own (decision 075); false keeps it on the server's. */
  pgliteThread: boolean;
  /** PGlite's shared_buffers (decision 076). */
  pgliteSharedBuffers: string;
  /** Bearer token a Prometheus scraper sends for /metrics (decision 051); staff tokens work too. */
  metricsToken?: string;
}

/** A start refused because of its configuration: exits with EX_CONFIG (78). */
export class ConfigError extends Error {
  readonly exitCode = 78;
}

// Strings people paste from examples and tutorials; a secret containing one was not generated.
const PLACEHOLDER_SECRET =
  /change.?me|changeit|placeholder|example|default|your.?secret|secret.?key|test.?secret|dummy|sample|insecure|xxxxx|123456|password|qwerty/i;

/**
 * The reason a signing secret is too weak for production, or undefined: shorter than 32 characters,
 * a known placeholder, or too few distinct characters (`aaaa…`, `0123…0123`) to be random.
 */
export function weakSecretReason(secret: string): string | undefined {
  if (secret.length < 32) return 'it is shorter than 32 characters';
  if (PLACEHOLDER_SECRET.test(secret)) return 'it looks like a placeholder, not a generated secret';
  if (new Set(secret).size < 8) return 'it repeats too few distinct characters to be random';
  return undefined;
}

export interface EsewaCredentials {
  productCode: string;
  secretKey: string;
  /** Where the browser posts the signed form. */
  formUrl: string;
  /** Base of the status check: {statusUrl}/api/epay/transaction/status/. */
  statusUrl: string;
}

export interface KhaltiCredentials {
  secretKey: string;
  /** Base of the ePayment API: {baseUrl}/epayment/initiate/ and /epayment/lookup/. */
  baseUrl: string;
}

export interface PaymentTimings {
  /** A payment still without an outcome this long after it started is looked up with the provider. */
  reconcileAfterSeconds: number;
  /** An online order not paid and without a payment started for this long is cancelled (0: never). */
  unpaidOrderTtlSeconds: number;
  /** How often each instance runs a reconcile pass. */
  reconcileIntervalSeconds: number;
}

/** Delivery of queued messages (order confirmations) by the outbox sweeper (docs/decisions/027). */
export interface OutboxRetry {
  /** How often each instance looks for messages a provider still has to carry. */
  sweepIntervalSeconds: number;
  /**
   * A queued message is left to the send right after its commit for this long; only then may a
   * sweeper take it. Longer than a provider's timeouts (SMTP 30 s, SMS 10 s).
   */
  retryAfterSeconds: number;
  /** Sends tried before a message is given up (the first, after-commit send counts). */
  maxAttempts: number;
}

/** Documented endpoints (docs/payments.md): UAT/sandbox outside production, live in production. */
export const ESEWA_URLS = {
  test: {
    formUrl: 'https://rc-epay.esewa.com.np/api/epay/main/v2/form',
    statusUrl: 'https://rc.esewa.com.np',
  },
  // eSewa's ePay v2 documentation: the live status check is on epay.esewa.com.np, UAT on rc.esewa.com.np.
  live: {
    formUrl: 'https://epay.esewa.com.np/api/epay/main/v2/form',
    statusUrl: 'https://epay.esewa.com.np',
  },
} as const;
export const KHALTI_URLS = {
  test: 'https://dev.khalti.com/api/v2',
  live: 'https://khalti.com/api/v2',
} as const;

function envName(value: string | undefined): AppConfig['env'] {
  if (value === 'production' || value === 'test') return value;
  return 'development';
}

// Outside production a secret is made once and kept in the data folder, so tokens survive restarts
// (on PostgreSQL the server then shares the first instance's one through the database: server.ts).
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

// Trusting every hop would let a client forge X-Forwarded-For and dodge per-address limits, so
// the setting names how many proxies stand in front (TRUST_PROXY=1) or which ones (a CIDR list).
function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (!value || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true')
    throw new ConfigError('TRUST_PROXY must be a hop count (e.g. 1) or a list of proxy addresses');
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new ConfigError(`${name} must be a whole number from 0 to ${max}, got ${raw}`);
  return value;
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(`${name} must be a whole number of seconds, got ${value}`);
  return Number(value);
}

function baseUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an absolute http(s) URL, got ${value}`);
  return value.replace(/\/+$/, '');
}

function loadEsewa(env: NodeJS.ProcessEnv, production: boolean): EsewaCredentials | undefined {
  if (!env.ESEWA_SECRET_KEY) return undefined;
  if (production && !env.ESEWA_PRODUCT_CODE)
    throw new ConfigError('ESEWA_PRODUCT_CODE must be set with ESEWA_SECRET_KEY in production');
  const urls = production ? ESEWA_URLS.live : ESEWA_URLS.test;
  return {
    productCode: env.ESEWA_PRODUCT_CODE || 'EPAYTEST',
    secretKey: env.ESEWA_SECRET_KEY,
    formUrl: baseUrl('ESEWA_FORM_URL', env.ESEWA_FORM_URL || urls.formUrl),
    statusUrl: baseUrl('ESEWA_STATUS_URL', env.ESEWA_STATUS_URL || urls.statusUrl),
  };
}

function loadKhalti(env: NodeJS.ProcessEnv, production: boolean): KhaltiCredentials | undefined {
  if (!env.KHALTI_SECRET_KEY) return undefined;
  const url = env.KHALTI_BASE_URL || (production ? KHALTI_URLS.live : KHALTI_URLS.test);
  return { secretKey: env.KHALTI_SECRET_KEY, baseUrl: baseUrl('KHALTI_BASE_URL', url) };
}

/** DATA_DIR as the server and the backup scripts see it (default `./data` in the repository). */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.DATA_DIR ?? join(repoRoot, 'data'));
}

function milliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new ConfigError(`${name} must be a number of milliseconds`);
  return ms;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = envName(env.NODE_ENV);
  const dataDir = resolveDataDir(env);
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, got ${env.PORT}`);
  if (mode === 'production' && !env.JWT_SECRET) throw new ConfigError('JWT_SECRET must be set in production');
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32)
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const weak = mode === 'production' && env.JWT_SECRET ? weakSecretReason(env.JWT_SECRET) : undefined;
  if (weak)
    throw new ConfigError(
      `JWT_SECRET is too weak for production: ${weak}. Generate one with: openssl rand -base64 48`,
    );
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken && metricsToken.length < 32)
    throw new ConfigError('METRICS_TOKEN must be at least 32 characters (openssl rand -base64 48)');
  const webDist = resolve(env.WEB_DIST ?? join(repoRoot, 'apps/web/dist'));
  const production = mode === 'production';
  const esewa = loadEsewa(env, production);
  const khalti = loadKhalti(env, production);
  // A wallet sends the shopper back to PUBLIC_URL; localhost would strand every real customer.
  if (production && (esewa || khalti) && !env.PUBLIC_URL)
    throw new ConfigError('PUBLIC_URL must be set in production when a wallet is configured');
  return {
    env: mode,
    host: env.HOST ?? '0.0.0.0',
    port,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : undefined,
    jwtSecret: env.JWT_SECRET || loadOrCreateSecret(dataDir),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Pasal <no-reply@pasal.example>',
    sparrowSmsToken: env.SPARROW_SMS_TOKEN || undefined,
    sparrowSmsFrom: env.SPARROW_SMS_FROM ?? 'Pasal',
    aakashSmsToken: env.AAKASH_SMS_TOKEN || undefined,
    sparrowSmsUrl: env.SPARROW_SMS_URL ?? 'https://api.sparrowsms.com/v2/sms/',
    aakashSmsUrl: env.AAKASH_SMS_URL ?? 'https://sms.aakashsms.com/sms/v3/send',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    slowRequestMs: wholeNumber(env, 'SLOW_REQUEST_MS', 1000, 3_600_000),
    // Tests see their own writes at once unless they ask for the cache.
    catalogueCacheMs: wholeNumber(env, 'CATALOGUE_CACHE_MS', mode === 'test' ? 0 : 3000, 60_000),
    catalogueCacheBytes: wholeNumber(env, 'CATALOGUE_CACHE_MB', 64, 4096) * 1_048_576,
    publicUrl: baseUrl('PUBLIC_URL', env.PUBLIC_URL || `http://localhost:${port}`),
    esewa,
    khalti,
    payments: {
      reconcileAfterSeconds: seconds(env, 'PAYMENT_PENDING_RECONCILE_AFTER', 300),
      unpaidOrderTtlSeconds: seconds(env, 'UNPAID_ONLINE_ORDER_TTL', 3600),
      reconcileIntervalSeconds: seconds(env, 'PAYMENT_RECONCILE_INTERVAL', 60),
    },
    outbox: {
      sweepIntervalSeconds: Math.max(1, seconds(env, 'OUTBOX_SWEEP_INTERVAL', 30)),
      retryAfterSeconds: seconds(env, 'OUTBOX_RETRY_AFTER', 60),
      maxAttempts: Math.max(1, wholeNumber(env, 'OUTBOX_MAX_ATTEMPTS', 10, 100)),
    },
    requestTimeoutMs: milliseconds('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000),
    maxOpenCashOrders: wholeNumber(env, 'MAX_OPEN_CASH_ORDERS', 3, 1000),
    databaseConnectTimeoutMs: milliseconds(
      'DATABASE_CONNECT_TIMEOUT_MS',
      env.DATABASE_CONNECT_TIMEOUT_MS,
      5_000,
    ),
    databaseStatementTimeoutMs: milliseconds(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      env.DATABASE_STATEMENT_TIMEOUT_MS,
      15_000,
    ),
    pgliteThread: parseSwitch('PGLITE_THREAD', env.PGLITE_THREAD, true),
    pgliteSharedBuffers: bufferSize('PGLITE_SHARED_BUFFERS', env.PGLITE_SHARED_BUFFERS, '32MB'),
    metricsToken,
  };
}

const SIZE_UNITS_KB = { kB: 1, MB: 1024, GB: 1024 * 1024 } as const;

/** A PostgreSQL memory size (`32MB`) from 128kB, PostgreSQL's least, to 1GB, what PGlite's memory can hold. */
function bufferSize(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  const match = /^([1-9]\d{0,6})(kB|MB|GB)$/.exec(value);
  const kb = match ? Number(match[1]) * SIZE_UNITS_KB[match[2] as keyof typeof SIZE_UNITS_KB] : 0;
  if (kb < 128 || kb > 1024 * 1024)
    throw new ConfigError(`${name} must be a size from 128kB to 1GB, such as 32MB; got ${value}`);
  return value;
}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(`${name} must be true or false`);
}
