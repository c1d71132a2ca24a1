/**
 * A fresh Idempotency-Key (128 random bits as hex). getRandomValues works on plain http too,
 * where randomUUID does not.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `chk-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
