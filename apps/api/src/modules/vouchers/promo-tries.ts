import type { DbOrTx } from '../../db/client';
import { enforceLimit, releaseHit } from '../../lib/rate-limit';

// Promo codes are guessed by trying them: refused tries are limited per customer and per client
// address in 15-minute windows (database counters, so every instance sees them). A try is counted
// before the code is looked at, so parallel requests cannot slip past; a code that applies gives
// its hits back, so a customer re-checking a good code is never held up (decision 038). Applying a
// code and placing an order with one count in the same windows: either way guesses the same.
export const PROMO_WINDOW_SECONDS = 15 * 60;
export const PROMO_TRIES_PER_CUSTOMER = 10;
export const PROMO_TRIES_PER_ADDRESS = 30;
export const PROMO_THROTTLED = 'Too many promo codes tried. Please wait a few minutes and try again.';

/** Counts one try of a code (429 past either limit); the answer gives the try back. */
export async function countPromoTry(
  db: DbOrTx,
  try_: { userId: number; clientIp: string },
): Promise<() => Promise<void>> {
  const limits = [
    { key: `voucher:user:${try_.userId}`, limit: PROMO_TRIES_PER_CUSTOMER },
    { key: `voucher:ip:${try_.clientIp}`, limit: PROMO_TRIES_PER_ADDRESS },
  ];
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
