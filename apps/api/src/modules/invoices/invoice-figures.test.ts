import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { amountInNepaliWords, amountInWords, numberInNepaliWords } from './amount-in-words';
import { fiscalYear } from './bikram-sambat';
import { apportion, invoiceFigures, vatIncluded } from './invoice-figures';

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 50 }),
  unitPrice: fc.integer({ min: 1, max: 5_000_000 }),
  taxClass: fc.constantFrom('vat13' as const, 'exempt' as const),
});

describe('invoice figures', () => {
  test('over many orders with discounts and delivery charges they add up to the order total exactly', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 50_000 }),
        (raw, discountShare, delivery) => {
          const lines = raw.map((l) => ({ ...l, lineTotal: l.unitPrice * l.quantity }));
          const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
          const discount = Math.floor(subtotal * discountShare);
          const orderTotal = subtotal - discount + delivery;
          const f = invoiceFigures(lines, discount, delivery);
          expect(f.total).toBe(orderTotal);
          expect(f.taxable + f.vat + f.exempt).toBe(orderTotal);
          expect(f.discountShares.reduce((a, b) => a + b, 0)).toBe(discount);
          f.discountShares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(lines[i].lineTotal);
          });
          const taxableGross = orderTotal - f.exempt;
          // 13/113 of the taxable amount including VAT, nearest paisa (never off by more than half).
          expect(Math.abs(f.vat * 113 - taxableGross * 13)).toBeLessThanOrEqual(113 / 2);
          expect(Number.isInteger(f.vat) && Number.isInteger(f.taxable)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('VAT rounds halves up; the discount remainder goes to the largest line', () => {
    expect(vatIncluded(11_300)).toBe(1_300);
    expect(vatIncluded(100)).toBe(12); // 11.50 → 12
    expect(vatIncluded(5_000)).toBe(575); // 575.22
    expect(vatIncluded(0)).toBe(0);
    expect(apportion(10, [100, 300, 200])).toEqual([1, 6, 3]);
    expect(apportion(600, [100, 300, 200])).toEqual([100, 300, 200]);
    expect(apportion(0, [100])).toEqual([0]);
  });
});

describe('the total in words', () => {
  test('rupees in lakh and crore, and paisa', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(14_000)).toBe('Rupees One Hundred Forty Only');
    expect(amountInWords(12_345_678_950)).toBe(
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Fifty Paisa Only',
    );
    expect(amountInWords(100_001)).toBe('Rupees One Thousand and One Paisa Only');
  });

  test('in Nepali: its own words below a hundred, then सय, हजार, लाख, करोड', () => {
    expect(numberInNepaliWords(0)).toBe('शून्य');
    expect(numberInNepaliWords(1)).toBe('एक');
    expect(numberInNepaliWords(23)).toBe('तेइस');
    expect(numberInNepaliWords(39)).toBe('उनन्चालीस');
    expect(numberInNepaliWords(99)).toBe('उनान्सय');
    expect(numberInNepaliWords(100)).toBe('एक सय');
    expect(numberInNepaliWords(101)).toBe('एक सय एक');
    expect(numberInNepaliWords(1_000)).toBe('एक हजार');
    expect(numberInNepaliWords(1_00_000)).toBe('एक लाख');
    expect(numberInNepaliWords(1_00_00_000)).toBe('एक करोड');
    expect(numberInNepaliWords(12_34_56_789)).toBe('बाह्र करोड चौँतिस लाख छपन्न हजार सात सय उनान्नब्बे');
    // Above 99 crore the crores are counted in words again.
    expect(numberInNepaliWords(1_05_00_00_000)).toBe('एक सय पाँच करोड');
  });

  test('in Nepali with paisa: रु. … र पैसा … मात्र', () => {
    expect(amountInNepaliWords(0)).toBe('रु. शून्य मात्र');
    expect(amountInNepaliWords(125_050)).toBe('रु. एक हजार दुई सय पचास र पैसा पचास मात्र');
    expect(amountInNepaliWords(1)).toBe('रु. शून्य र पैसा एक मात्र');
    expect(amountInNepaliWords(9_999)).toBe('रु. उनान्सय र पैसा उनान्सय मात्र');
    expect(amountInNepaliWords(10_000_000)).toBe('रु. एक लाख मात्र');
  });
});

describe('the Nepali fiscal year', () => {
  test('starts on 1 Shrawan, Nepal time', () => {
    expect(fiscalYear(new Date('2026-11-26T00:00:00Z'))).toBe('2083/84');
    expect(fiscalYear(new Date('2026-07-16T23:59:00+05:45'))).toBe('2082/83');
    expect(fiscalYear(new Date('2026-07-17T00:01:00+05:45'))).toBe('2083/84');
    // 17 July 2026 00:01 in Nepal is still 16 July in UTC.
    expect(fiscalYear(new Date('2026-07-16T18:20:00Z'))).toBe('2083/84');
  });
});
