import { describe, expect, test } from 'vitest';
import { devanagariDigits, nepaliRupees } from './nepali-numbers';

describe('Nepali amounts', () => {
  test('रु with Indian grouping in Devanagari digits, from paisa', () => {
    expect(nepaliRupees(0)).toBe('रु ०.००');
    expect(nepaliRupees(5)).toBe('रु ०.०५');
    expect(nepaliRupees(99_950)).toBe('रु ९९९.५०');
    expect(nepaliRupees(161_000)).toBe('रु १,६१०.००');
    expect(nepaliRupees(12_345_678)).toBe('रु १,२३,४५६.७८');
    expect(nepaliRupees(2_147_483_647)).toBe('रु २,१४,७४,८३६.४७');
    expect(nepaliRupees(-5_000)).toBe('−रु ५०.००');
  });

  test('digits only are changed', () => {
    expect(devanagariDigits('PSL12 x 3')).toBe('PSL१२ x ३');
  });
});
