import type { DeliveryRule } from '../locations/station-queries';

export type DeliveryTime = 'Same day' | 'Next day';

export interface DeliveryChargeInput {
  /** Road distance from the serving station, in hundredths of a km. */
  distanceCentiKm: number;
  /** The cart's value at current prices (before any promo code), in paisa. */
  cartValuePaisa: number;
}

export interface DeliveryCharge {
  chargePaisa: number;
  deliveryTime: DeliveryTime;
}

/**
 * The delivery charge rule (docs/delivery-charge.md), integers only:
 * - free when the cart is worth at least `freeFromPaisa` (when the station sets one);
 * - otherwise `baseChargePaisa` covers the first `baseKm` km, and every started km beyond adds
 *   `perKmPaisa`;
 * - "Same day" up to `sameDayMaxKm` km (inclusive), "Next day" beyond.
 */
export function deliveryCharge(rule: DeliveryRule, input: DeliveryChargeInput): DeliveryCharge {
  const deliveryTime: DeliveryTime =
    input.distanceCentiKm <= rule.sameDayMaxKm * 100 ? 'Same day' : 'Next day';
  if (rule.freeFromPaisa !== null && input.cartValuePaisa >= rule.freeFromPaisa) {
    return { chargePaisa: 0, deliveryTime };
  }
  const beyondCentiKm = Math.max(0, input.distanceCentiKm - rule.baseKm * 100);
  // Started kilometres, rounded up with integer steps only: 0.01 km beyond counts as 1 km.
  const roundedUp = beyondCentiKm + 99;
  const startedKm = (roundedUp - (roundedUp % 100)) / 100;
  return { chargePaisa: rule.baseChargePaisa + startedKm * rule.perKmPaisa, deliveryTime };
}
