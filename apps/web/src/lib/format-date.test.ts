import NepaliDate from 'nepali-date-converter';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import { bsDate, formatDateTime, formatDay, formatShortDate, formatWhen } from './format-date';

const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};

// Days as Nepal's published calendars (Nepal Panchanga Nirnayak Samiti) give them: new years,
// Saune and Maghe Sankranti (the first of Shrawan and Magh), Vijaya Dashami; each with the day
// before it, the last day of the month before (decision 044).
const PUBLISHED: [string, string][] = [
  ['2024-04-12', '2080 Chaitra 30'],
  ['2024-04-13', '2081 Baisakh 1'],
  ['2024-07-15', '2081 Asar 31'],
  ['2024-07-16', '2081 Shrawan 1'],
  ['2024-10-12', '2081 Aswin 26'], // Vijaya Dashami 2081
  ['2025-01-13', '2081 Poush 29'],
  ['2025-01-14', '2081 Magh 1'],
  ['2025-04-13', '2081 Chaitra 31'],
  ['2025-04-14', '2082 Baisakh 1'],
  ['2025-07-16', '2082 Asar 32'],
  ['2025-07-17', '2082 Shrawan 1'],
  ['2025-10-02', '2082 Aswin 16'], // Vijaya Dashami 2082
  ['2026-01-14', '2082 Poush 30'],
  ['2026-01-15', '2082 Magh 1'],
  ['2026-04-13', '2082 Chaitra 30'],
  ['2026-04-14', '2083 Baisakh 1'],
];

describe('Bikram Sambat days', () => {
  afterEach(() => applyLanguage('en'));

  it.each(PUBLISHED)('%s is %s', (ad, bs) => {
    expect(bsDate(day(ad), 'en')).toBe(bs);
  });

  it('goes back from BS to AD', () => {
    const ad = new NepaliDate(2082, 0, 1).toJsDate();
    expect([ad.getFullYear(), ad.getMonth() + 1, ad.getDate()]).toEqual([2025, 4, 14]);
    const dashami = new NepaliDate(2081, 5, 26).toJsDate();
    expect([dashami.getFullYear(), dashami.getMonth() + 1, dashami.getDate()]).toEqual([2024, 10, 12]);
  });

  it('writes Nepali in Devanagari, as the issue gives it', () => {
    expect(bsDate(day('2026-11-26'), 'ne')).toBe('२०८३ मंसिर १०');
  });

  it('shows AD then BS in English, BS in Nepali', async () => {
    expect(formatDay('2026-11-26')).toBe('Nov 26, 2026 (2083 Mangsir 10 BS)');
    expect(formatShortDate('2026-11-26')).toBe('Nov 26, 2026');
    await applyLanguage('ne');
    expect(formatDay('2026-11-26')).toBe('२०८३ मंसिर १०');
    expect(formatShortDate('2025-04-14')).toBe('२०८२ बैशाख १');
  });
});

describe('AD dates and times', () => {
  // Written out by hand (no Intl.DateTimeFormat on the page): they must read exactly as en-US writes them.
  const intlDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const intlDateTime = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

  it('write every month, day and half of the day as en-US does', () => {
    for (let month = 0; month < 12; month += 1) {
      for (const [dayOfMonth, hours, minutes] of [
        [1, 0, 0],
        [9, 0, 5],
        [15, 11, 59],
        [28, 12, 0],
        [31, 12, 30],
        [30, 23, 59],
      ]) {
        const at = new Date(2026, month, dayOfMonth, hours, minutes);
        const iso = at.toISOString();
        const date = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
        expect(formatShortDate(date)).toBe(intlDay.format(at));
        expect(formatDateTime(iso)).toBe(intlDateTime.format(at));
      }
    }
    expect(formatDateTime('2026-03-05T14:30:00')).toBe('Mar 5, 2026, 2:30 PM');
  });
});

describe('formatWhen (when a step of an order happened)', () => {
  afterEach(() => applyLanguage('en'));
  const at = (day: number, hours: number, minutes: number) =>
    new Date(2026, 10, day, hours, minutes).toISOString();

  it('in English: the AD date and a 12-hour time, as before', () => {
    expect(formatWhen(at(26, 9, 45))).toBe('Nov 26, 2026, 9:45 AM');
    expect(formatWhen('not a date')).toBe('not a date');
  });

  it('in Nepali: the BS day and a 12-hour time with the part of the day, in Devanagari digits', async () => {
    await applyLanguage('ne');
    expect(formatWhen(at(26, 9, 45))).toBe('२०८३ मंसिर १०, बिहान ९:४५');
    expect(formatWhen(at(26, 4, 0))).toBe('२०८३ मंसिर १०, बिहान ४:००');
    expect(formatWhen(at(26, 12, 0))).toBe('२०८३ मंसिर १०, दिउँसो १२:००');
    expect(formatWhen(at(26, 14, 30))).toBe('२०८३ मंसिर १०, दिउँसो २:३०');
    expect(formatWhen(at(26, 17, 5))).toBe('२०८३ मंसिर १०, बेलुका ५:०५');
    expect(formatWhen(at(26, 21, 0))).toBe('२०८३ मंसिर १०, राति ९:००');
    // Half past midnight is the next day's, at night.
    expect(formatWhen(at(27, 0, 30))).toBe('२०८३ मंसिर ११, राति १२:३०');
    // The console's formatDateTime stays English.
    expect(formatDateTime(at(26, 9, 45))).toBe('Nov 26, 2026, 9:45 AM');
  });
});
