import { describe, expect, it } from 'vitest';
import { formatRs, formatRs2, formatRsDot, formatRsDot2, linesTotalPaisa, toPaisa, toRupees } from './money';

describe('money', () => {
  it('sums in paisa without floating point drift', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004.
    expect(
      toRupees(
        linesTotalPaisa([
          { rate: 0.1, quantity: 1 },
          { rate: 0.2, quantity: 1 },
        ]),
      ),
    ).toBe(0.3);
    expect(toRupees(linesTotalPaisa([{ rate: 120.55, quantity: 3 }]))).toBe(361.65);
    expect(toPaisa(19.99)).toBe(1999);
  });
});

describe('rupee formats', () => {
  it('group digits the Indian way, with the decimals each screen shows', () => {
    expect(formatRs(1234567.5)).toBe('Rs 12,34,567.5');
    expect(formatRs(99)).toBe('Rs 99');
    expect(formatRs2(1234.5)).toBe('Rs 1,234.50');
    expect(formatRsDot(0.125)).toBe('Rs. 0.13');
    expect(formatRsDot2(250)).toBe('Rs. 250.00');
    expect(formatRs(Number.NaN)).toBe('Rs NaN');
  });

  it('write what Intl.NumberFormat en-IN writes', () => {
    const upToTwo = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
    const two = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [
      0, 0.5, 0.05, 1, 9.99, 12.1, 100, 999.99, 1000, 12345.67, 123456, 1234567.89, 98765432.1,
    ];
    // (Intl writes "-0" for minus zero; a price of minus zero is shown as 0.)
    for (const amount of [...amounts, ...amounts.slice(1).map((a) => -a)]) {
      expect(formatRs(amount)).toBe(`Rs ${upToTwo.format(amount)}`);
      expect(formatRs2(amount)).toBe(`Rs ${two.format(amount)}`);
    }
  });
});

describe('rupees in Nepali', () => {
  it('writes रु with Indian grouping in Devanagari digits', async () => {
    const { applyLanguage } = await import('../i18n/i18n');
    await applyLanguage('ne');
    try {
      expect(formatRs2(1610)).toBe('रु १,६१०.००');
      expect(formatRs(1234567.5)).toBe('रु १२,३४,५६७.५');
      expect(formatRsDot2(99)).toBe('रु ९९.००');
    } finally {
      await applyLanguage('en');
    }
    expect(formatRs2(1610)).toBe('Rs 1,610.00');
  });
});
