import NepaliDate from 'nepali-date-converter';
import { localDigits, NEPALI_DIGITS } from '../i18n/digits';
import { currentLanguage } from '../i18n/i18n';

// Written out as en-US writes them rather than with Intl.DateTimeFormat: a page's first
// DateTimeFormat loads the browser's locale data, one 40–80 ms task on a phone (130–300 ms at
// Lighthouse's 4× CPU) on every page that shows a date.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Jan 5, 1995", in the shopper's own time zone. */
const shortDate = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

/** "2:30 PM". */
function clockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A bare YYYY-MM-DD is a calendar day (local midnight), anything else an instant. */
function toDate(value: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The Bikram Sambat day of a date (decision 044): "2083 Mangsir 10" in English, "२०८३ मंसिर १०" in
 * Nepali (Latin digits when the shop is built for them). The day is the shopper's local day, as
 * for the AD date.
 */
export function bsDate(date: Date, language: 'en' | 'ne'): string {
  const bs = new NepaliDate(date);
  if (language === 'en') return bs.format('YYYY MMMM D', 'en');
  const nepali = bs.format('YYYY MMMM D', 'np');
  return NEPALI_DIGITS === 'latin'
    ? nepali.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x966))
    : nepali;
}

/** "Jan 5, 1995" in English; the Bikram Sambat day in Nepali ("२०५१ पुष २१"). */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = toDate(value);
  if (!date) return value;
  return currentLanguage() === 'ne' ? bsDate(date, 'ne') : shortDate(date);
}

/**
 * Order, review and sale days: in English the AD date first with the BS day beside it
 * ("Nov 26, 2026 (2083 Mangsir 10 BS)"); in Nepali the BS day ("२०८३ मंसिर १०").
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = toDate(value);
  if (!date) return value;
  if (currentLanguage() === 'ne') return bsDate(date, 'ne');
  return `${shortDate(date)} (${bsDate(date, 'en')} BS)`;
}

/** "Mar 5, 2026, 2:30 PM": when something happened, in the shopper's own time zone. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${shortDate(date)}, ${clockTime(date)}`;
}

/**
 * The part of the day Nepali names before a 12-hour time: बिहान (4 to 11:59), दिउँसो (noon to
 * 3:59), बेलुका (4 to 6:59 in the evening), राति (7 in the evening to 3:59).
 */
function partOfDay(hours: number): string {
  if (hours >= 4 && hours < 12) return 'बिहान';
  if (hours >= 12 && hours < 16) return 'दिउँसो';
  if (hours >= 16 && hours < 19) return 'बेलुका';
  return 'राति';
}

/** "बिहान ९:४५": a 12-hour time as Nepali writes it, in the shop's Nepali digits. */
function nepaliClockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${partOfDay(hours)} ${localDigits(`${hours % 12 || 12}:${minutes}`, 'ne')}`;
}

/**
 * When something happened to a shopper's order, in the shopper's own time zone (decision 044):
 * "Nov 26, 2026, 9:45 AM" in English; in Nepali the BS day and a 12-hour time with the part of
 * the day, "२०८३ मंसिर १०, बिहान ९:४५". The console stays English: it uses formatDateTime.
 */
export function formatWhen(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (currentLanguage() !== 'ne') return `${shortDate(date)}, ${clockTime(date)}`;
  return `${bsDate(date, 'ne')}, ${nepaliClockTime(date)}`;
}
