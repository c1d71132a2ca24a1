import { describe, expect, test } from 'vitest';
import { DELIVERY_RULE_DEFAULTS } from '../../db/schema/locations';
import { deliveryCharge } from './delivery-rule';

const rule = { ...DELIVERY_RULE_DEFAULTS };

describe('the delivery charge rule', () => {
  test('base charge within the base distance, then every started km', () => {
    const at = (distanceCentiKm: number) =>
      deliveryCharge(rule, { distanceCentiKm, cartValuePaisa: 1 }).chargePaisa;
    expect(at(0)).toBe(5_000);
    expect(at(300)).toBe(5_000);
    expect(at(301)).toBe(6_500);
    expect(at(400)).toBe(6_500);
    expect(at(401)).toBe(8_000);
    expect(at(99_999)).toBe(5_000 + 997 * 1_500);
  });

  test('free from the threshold, inclusive; never free without one', () => {
    const far = { distanceCentiKm: 2_000 };
    expect(deliveryCharge(rule, { ...far, cartValuePaisa: 150_000 }).chargePaisa).toBe(0);
    expect(deliveryCharge(rule, { ...far, cartValuePaisa: 149_999 }).chargePaisa).toBe(5_000 + 17 * 1_500);
    expect(
      deliveryCharge({ ...rule, freeFromPaisa: null }, { ...far, cartValuePaisa: 10_000_000 }).chargePaisa,
    ).toBe(5_000 + 17 * 1_500);
  });

  test('same day up to the same-day distance inclusive, free or not', () => {
    expect(deliveryCharge(rule, { distanceCentiKm: 1_000, cartValuePaisa: 1 }).deliveryTime).toBe('Same day');
    expect(deliveryCharge(rule, { distanceCentiKm: 1_001, cartValuePaisa: 1 }).deliveryTime).toBe('Next day');
    expect(deliveryCharge(rule, { distanceCentiKm: 1_001, cartValuePaisa: 200_000 })).toEqual({
      chargePaisa: 0,
      deliveryTime: 'Next day',
    });
  });
});
