import { describe, expect, test } from 'vitest';
import { segmentsOf, smsSegments } from './sms-segments';

const latin = (n: number) => 'a'.repeat(n);
const nepali = (n: number) => 'क'.repeat(n);

describe('SMS segments', () => {
  test('GSM-7: one SMS up to 160 characters, then parts of 153', () => {
    expect(smsSegments(latin(160))).toEqual({ encoding: 'gsm7', segments: 1 });
    expect(smsSegments(latin(161))).toEqual({ encoding: 'gsm7', segments: 2 });
    expect(smsSegments(latin(306)).segments).toBe(2);
    expect(smsSegments(latin(307)).segments).toBe(3);
  });

  test('UCS-2 (Nepali): one SMS up to 70 characters, then parts of 67', () => {
    expect(smsSegments(nepali(70))).toEqual({ encoding: 'ucs2', segments: 1 });
    expect(smsSegments(nepali(71))).toEqual({ encoding: 'ucs2', segments: 2 });
    expect(smsSegments(nepali(134)).segments).toBe(2);
    expect(smsSegments(nepali(135)).segments).toBe(3);
  });

  test('one character outside GSM-7 makes the whole text UCS-2', () => {
    expect(smsSegments(`${latin(69)}क`)).toEqual({ encoding: 'ucs2', segments: 1 });
    expect(smsSegments(`${latin(70)}क`)).toEqual({ encoding: 'ucs2', segments: 2 });
    // "Rs" is GSM-7, "रु" and the bullet of a masked code are not.
    expect(smsSegments(`Total Rs 1,234.00 ${latin(100)}`).encoding).toBe('gsm7');
    expect(smsSegments('code ••••••').encoding).toBe('ucs2');
  });

  test('GSM-7 extension characters count twice', () => {
    expect(smsSegments(`${latin(158)}€`)).toEqual({ encoding: 'gsm7', segments: 1 });
    expect(smsSegments(`${latin(159)}€`)).toEqual({ encoding: 'gsm7', segments: 2 });
    // 8 extension characters are 16 septets: ten of them fill one SMS exactly.
    expect(smsSegments('{}[]~|^\\'.repeat(10)).segments).toBe(1);
    expect(smsSegments(`${'{}[]~|^\\'.repeat(10)}a`).segments).toBe(2);
  });

  test("a character's units never split between parts", () => {
    // 306 septets would fill two parts of 153, but "€" (escape + septet) cannot start at the
    // first part's last place: it moves to the second, and the text needs a third.
    expect(smsSegments(`${latin(152)}€${latin(152)}`).segments).toBe(3);
    // An emoji is two UTF-16 units (a surrogate pair).
    expect(smsSegments('😀'.repeat(35))).toEqual({ encoding: 'ucs2', segments: 1 });
    expect(smsSegments(`a${'😀'.repeat(35)}`).segments).toBe(2);
  });

  test('e-mail has no segments', () => {
    expect(segmentsOf({ channel: 'email', text: latin(500) })).toBeNull();
    expect(segmentsOf({ channel: 'sms', text: nepali(71) })).toBe(2);
  });
});
