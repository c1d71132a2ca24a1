import type { DbOrTx } from '../../db/client';
import { enforceLimit } from '../../lib/rate-limit';
import { normalizeIdentifier } from './user-lookup';

// Routes whose answer tells whether an account exists share one budget per client address, so
// probing through another route never gets around the limit on /forget/password (decision 034).
// /signup/ is the exception: it counts only per phone and e-mail, having its own limit per address
// (10 an hour), so it adds at most those probes.
export const LOOKUPS_PER_ADDRESS_HOURLY = 20;
// And one per phone or e-mail, whatever the address.
export const LOOKUPS_PER_IDENTIFIER_HOURLY = 20;

const FROM_NETWORK = 'Too many attempts from your network. Please try again later.';

/**
 * Counts one account look-up for the address, for each identifier (a sign-up names a phone and an
 * e-mail) and, when a logged-in account asks, for that account whatever its address; 429 past any
 * limit.
 */
export async function limitAccountLookups(
  db: DbOrTx,
  request: {
    clientIp: string;
    identifier: string | string[];
    userId?: number;
    addressMessage?: string;
    /** False where the route limits its client addresses itself (sign-up: 10 an hour). */
    perAddress?: boolean;
  },
): Promise<void> {
  if (request.perAddress !== false) {
    await enforceLimit(db, {
      key: `lookup:ip:${request.clientIp}`,
      limit: LOOKUPS_PER_ADDRESS_HOURLY,
      windowSeconds: 3600,
      message: request.addressMessage ?? FROM_NETWORK,
    });
  }
  if (request.userId !== undefined) {
    await enforceLimit(db, {
      key: `lookup:user:${request.userId}`,
      limit: LOOKUPS_PER_ADDRESS_HOURLY,
      windowSeconds: 3600,
      message: 'Too many attempts. Please try again later.',
    });
  }
  const identifiers = Array.isArray(request.identifier) ? request.identifier : [request.identifier];
  for (const identifier of new Set(identifiers.map(normalizeIdentifier))) {
    await enforceLimit(db, {
      key: `lookup:id:${identifier}`,
      limit: LOOKUPS_PER_IDENTIFIER_HOURLY,
      windowSeconds: 3600,
      message: 'Too many attempts for this phone number or e-mail. Please try again later.',
    });
  }
}
