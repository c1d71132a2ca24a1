/** What a customer reads while the database cannot be reached (503 with Retry-After). */
export const DATABASE_UNAVAILABLE = "The shop's database is unavailable. Please try again shortly.";
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Socket errors of a connection that cannot be made or was cut.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs of a server that is going away, starting, overloaded, or cancelled a statement that
// ran past statement_timeout: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
// 53300 too_many_connections, 57014 query_canceled. Class 08 is every connection exception.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

// node-postgres reports its own timeouts and cut connections without a code.
const DRIVER_MESSAGES = [
  /timeout exceeded when trying to connect/i, // waiting for a pooled connection
  /connection terminated/i, // "…unexpectedly", "…due to connection timeout"
  /query read timeout/i, // query_timeout: the server stopped answering
  /not queryable/i,
  /cannot use a pool after calling end/i,
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * True when an error means "the database cannot be reached right now" rather than "this request
 * is wrong": the caller should retry later. Looks through ORM wrappers (cause) and the
 * AggregateError Node raises when every address of a host refused.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as ErrorLike;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && !code && DRIVER_MESSAGES.some((re) => re.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
