import { describe, expect, test } from 'vitest';
import { formatRupees, VOUCHER_MESSAGES } from './voucher';

describe('formatRupees', () => {
  test('whole rupees without decimals, anything else with two', () => {
    expect(formatRupees(50_000)).toBe('Rs 500');
    expect(formatRupees(49_950)).toBe('Rs 499.50');
    expect(formatRupees(5)).toBe('Rs 0.05');
    expect(formatRupees(150_000_00)).toBe('Rs 150000');
  });

  test('fills the spec’s minimum-order message', () => {
    expect(VOUCHER_MESSAGES.below_minimum(20_000)).toBe(
      'Minimum order amount of Rs 200 is required to apply this promo code.',
    );
  });
});
