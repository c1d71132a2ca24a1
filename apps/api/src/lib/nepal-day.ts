import { NEPAL_OFFSET, toNepalIso } from '@pasal/contract/admin-common';

/** The start of a Nepal day as an instant: 2025-10-01 → 2025-09-30T18:15:00Z. */
export function nepalDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${NEPAL_OFFSET}`);
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** The Nepal day an instant falls on (YYYY-MM-DD). */
export function nepalDayOf(at: Date): string {
  return toNepalIso(at).slice(0, 10);
}
