import { describe, expect, it } from 'vitest';
import { stockBody } from './stock-form';

describe('the stock adjustment form', () => {
  it('sends a change as delta and a count as set, with the reason', () => {
    expect(stockBody({ mode: 'delta', amount: '-3', reason: 'Damaged in transit' })).toEqual({
      ok: true,
      body: { delta: -3, reason: 'Damaged in transit' },
    });
    expect(stockBody({ mode: 'set', amount: '25', reason: 'Monthly count' })).toEqual({
      ok: true,
      body: { set: 25, reason: 'Monthly count' },
    });
  });

  it('wants an amount and a reason, a whole number, and no zero change', () => {
    expect(stockBody({ mode: 'delta', amount: '', reason: ' ' })).toEqual({
      ok: false,
      errors: { amount: 'Enter the units to add or take away', reason: 'Reason is required' },
    });
    expect(stockBody({ mode: 'set', amount: '2.5', reason: 'Count' })).toEqual({
      ok: false,
      errors: { amount: 'set must be a whole number' },
    });
    expect(stockBody({ mode: 'delta', amount: '0', reason: 'x' })).toEqual({
      ok: false,
      errors: { amount: 'delta cannot be 0' },
    });
    expect(stockBody({ mode: 'set', amount: '-1', reason: 'x' })).toEqual({
      ok: false,
      errors: { amount: 'set must be at least 0' },
    });
  });
});
