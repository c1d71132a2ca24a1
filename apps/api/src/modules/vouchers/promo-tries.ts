import type { DbOrTx } from '../../db/client';
import { enforceLimit, hitCounter, releaseHit } from '../../lib/rate-limit';

// Promo codes are guessed by trying them: refused tries are limited per customer and per client
// address in 15-minute windows (database counters, so every instance sees them). A try is counted
// before the code is looked at, so parallel requests cannot slip past; a code that applies gives
// its hits back, so a customer re-checking a good code is never held up (decision 038). Applying a
// code and placing an order with one count in the same windows: either way guesses the same.
export const PROMO_WINDOW_SECONDS = 15 * 60;
export const PROMO_TRIES_PER_CUSTOMER = 10;
export const PROMO_TRIES_PER_ADDRESS = 30;
export const PROMO_THROTTLED = 'Too many promo codes tried. Please wait a few minutes and try again.';

interface Trier {
  userId: number;
  clientIp: string;
}

const limitsOf = (trier: Trier) => [
  { key: `voucher:user:${trier.userId}`, limit: PROMO_TRIES_PER_CUSTOMER },
  { key: `voucher:ip:${trier.clientIp}`, limit: PROMO_TRIES_PER_ADDRESS },
];

/**
 * At checkout: the customer's try is counted first, as at /voucher/apply/ (so parallel orders
 * cannot slip past), and given back unless the code is refused. A refused code also counts for the
 * address, so /voucher/apply/ sees it; but the address's limit does not refuse an order: shoppers
 * sharing a mobile network's address would be refused orders with a good code because strangers
 * guessed. Answers what to call with the verdict.
 */
export async function checkoutPromoTry(
  db: DbOrTx,
  trier: Trier,
): Promise<(refused: boolean) => Promise<void>> {
  const [customer, address] = limitsOf(trier);
  const counted = await enforceLimit(db, {
    key: customer.key,
    limit: customer.limit,
    windowSeconds: PROMO_WINDOW_SECONDS,
    message: PROMO_THROTTLED,
  });
  return async (refused) => {
    if (refused) await hitCounter(db, address.key, PROMO_WINDOW_SECONDS);
    else await releaseHit(db, customer.key, counted.windowStart);
  };
}

/** Counts one try of a code (429 past either limit); the answer gives the try back. */
export async function countPromoTry(db: DbOrTx, trier: Trier): Promise<() => Promise<void>> {
  const limits = limitsOf(trier);
  const counted: { key: string; windowStart: Date }[] = [];
  for (const { key, limit } of limits) {
    const counter = await enforceLimit(db, {
      key,
      limit,
      windowSeconds: PROMO_WINDOW_SECONDS,
      message: PROMO_THROTTLED,
    });
    counted.push({ key, windowStart: counter.windowStart });
  }
  return async () => {
    for (const hit of counted) await releaseHit(db, hit.key, hit.windowStart);
  };
}
