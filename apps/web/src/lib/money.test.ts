import { describe, expect, it } from 'vitest';
import { linesTotalPaisa, toPaisa, toRupees } from './money';

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
