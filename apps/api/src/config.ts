import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

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
}

function envName(value: string | undefined): AppConfig['env'] {
  if (value === 'production' || value === 'test') return value;
  return 'development';
}

// Outside production a secret is made once and kept in the data folder, so tokens survive restarts.
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
    throw new Error('TRUST_PROXY must be a hop count (e.g. 1) or a list of proxy addresses');
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
    throw new Error(`${name} must be a whole number from 0 to ${max}, got ${raw}`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = envName(env.NODE_ENV);
  const dataDir = resolve(env.DATA_DIR ?? join(repoRoot, 'data'));
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  if (mode === 'production' && !env.JWT_SECRET) throw new Error('JWT_SECRET must be set in production');
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32)
    throw new Error('JWT_SECRET must be at least 32 characters');
  const webDist = resolve(env.WEB_DIST ?? join(repoRoot, 'apps/web/dist'));
  return {
    env: mode,
    host: env.HOST ?? '0.0.0.0',
    port,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : undefined,
    jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(dataDir),
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
  };
}
