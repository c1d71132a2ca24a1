import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key to the running server's operations routes (backup). It lives in DATA_DIR, readable
 * only by the account that runs the shop: whoever can read it can read the database anyway.
 */
export const OPS_SECRET_FILE = '.ops-secret';

export function loadOrCreateOpsSecret(dataDir: string): string {
  const existing = readOpsSecret(dataDir);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(join(dataDir, OPS_SECRET_FILE), secret, { mode: 0o600 });
  return secret;
}

export function readOpsSecret(dataDir: string): string | undefined {
  const file = join(dataDir, OPS_SECRET_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

export function secretMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
