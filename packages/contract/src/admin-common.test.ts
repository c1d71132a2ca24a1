import { describe, expect, test } from 'vitest';
import { hasAtMostTwoDecimals, parseNepalDateTime, slugify, toNepalIso } from './admin-common';
import { voucherRuleErrors } from './admin-vouchers';

describe('Nepal time on the wire', () => {
  test('answers are written in Nepal time to the second', () => {
    expect(toNepalIso(new Date('2025-10-01T03:45:00.400Z'))).toBe('2025-10-01T09:30:00+05:45');
    expect(toNepalIso(new Date('2025-12-31T18:15:00Z'))).toBe('2026-01-01T00:00:00+05:45');
  });

  test('inputs with an offset keep it; without one they are Nepal time', () => {
    expect(parseNepalDateTime('2025-10-01T09:30')?.toISOString()).toBe('2025-10-01T03:45:00.000Z');
    expect(parseNepalDateTime('2025-10-01T09:30:15+05:45')?.toISOString()).toBe('2025-10-01T03:45:15.000Z');
    expect(parseNepalDateTime('2025-10-01T03:45:00Z')?.toISOString()).toBe('2025-10-01T03:45:00.000Z');
    expect(parseNepalDateTime('2025-10-01T00:00:00.5-01:00')?.toISOString()).toBe('2025-10-01T01:00:00.500Z');
  });

  test('impossible or other texts are refused', () => {
    for (const text of [
      '2025-02-29T10:00',
      '2025-13-01T10:00',
      '2025-10-01T24:00',
      '2025-10-01',
      'tomorrow',
      '2025-10-01 09:30',
    ]) {
      expect(parseNepalDateTime(text), text).toBeNull();
    }
    expect(parseNepalDateTime('2024-02-29T10:00')).not.toBeNull();
  });
});

describe('money and slugs', () => {
  test('at most two decimals, read from the number as written', () => {
    expect([0, 10, 10.5, 10.05, 999.99].every(hasAtMostTwoDecimals)).toBe(true);
    expect([10.555, 0.001, 1e-7, 0.1 + 0.2].some(hasAtMostTwoDecimals)).toBe(false);
  });

  test('slugs from titles: Latin letters and digits joined by dashes', () => {
    expect(slugify('Jeera Masino Rice 5 kg')).toBe('jeera-masino-rice-5-kg');
    expect(slugify('  Crème Brûlée & Co. ')).toBe('creme-brulee-co');
    expect(slugify('गुन्द्रुक')).toBe('');
  });
});

describe('voucher rules', () => {
  const base = {
    voucherType: 'Percentage' as const,
    percentBasisPoints: 1000,
    discountAmountPaisa: 0,
    maximumDiscountPaisa: null,
    validFrom: null,
    validTo: null,
  };
  test('a sensible voucher has no errors; each broken rule names its field', () => {
    expect(voucherRuleErrors(base)).toEqual({});
    expect(Object.keys(voucherRuleErrors({ ...base, percentBasisPoints: 0 }))).toEqual([
      'discount_percentage',
    ]);
    expect(Object.keys(voucherRuleErrors({ ...base, voucherType: 'Amount' })).sort()).toEqual([
      'discount_amount',
      'discount_percentage',
    ]);
    expect(
      Object.keys(
        voucherRuleErrors({ ...base, validFrom: new Date('2030-01-02'), validTo: new Date('2030-01-01') }),
      ),
    ).toEqual(['valid_to']);
  });
});
