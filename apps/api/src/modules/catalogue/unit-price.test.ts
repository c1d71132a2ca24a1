import { describe, expect, test } from 'vitest';
import { packSize, unitPrice, unitPricePaisa } from './unit-price';

describe('unit prices from the unit text', () => {
  test.each([
    ['25 kg', 255_000, { amount: 102, per: 'kg' }],
    ['500 g', 7_500, { amount: 150, per: 'kg' }],
    ['75g', 2_500, { amount: 333.33, per: 'kg' }],
    ['kg', 12_000, { amount: 120, per: 'kg' }],
    ['1 L', 110_000, { amount: 1100, per: 'l' }],
    ['1.5 L', 32_000, { amount: 213.33, per: 'l' }],
    ['200 ml', 2_500, { amount: 125, per: 'l' }],
    ['20 pcs', 120_000, { amount: 60, per: 'piece' }],
    ['1 pc', 4_000, { amount: 40, per: 'piece' }],
    ['dozen', 18_000, { amount: 15, per: 'piece' }],
    ['tray of 30', 45_000, { amount: 15, per: 'piece' }],
  ] as const)('%s at %i paisa', (unit, paisa, expected) => {
    expect(unitPrice(paisa, unit)).toEqual(expected);
  });

  test.each(['bunch', '9 m', '', '0 kg', '10 rolls', '1,5 kg', '-1 kg'])('%j names no size', (unit) => {
    expect(packSize(unit)).toBeNull();
    expect(unitPrice(10_000, unit)).toBeNull();
  });

  test('rounds half up to the paisa by integer arithmetic, even for large amounts', () => {
    // 1 paisa for 2 kg is half a paisa per kg: up to 1.
    expect(unitPricePaisa(1, packSize('2 kg')!)).toBe(1);
    expect(unitPricePaisa(900_719_925_474, packSize('3 g')!)).toBe(300_239_975_158_000);
  });
});
