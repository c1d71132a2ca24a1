import NepaliDateExport from 'nepali-date-converter';

// The package is CommonJS with an ES default: Node's own ESM loader (the built server, `npm run
// order`) hands over module.exports, bundlers and vitest the class itself.
const NepaliDate =
  (NepaliDateExport as unknown as { default?: typeof NepaliDateExport }).default ?? NepaliDateExport;
type NepaliDate = InstanceType<typeof NepaliDateExport>;

// Bikram Sambat days on the server (the storefront has its own in apps/web/src/lib/format-date.ts;
// both use nepali-date-converter). A day is always Nepal's (UTC+05:45, no daylight saving).

const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;
/** Shrawan, the fourth month (index 3): Nepal's fiscal year starts on its first day. */
const SHRAWAN = 3;

export interface BsDay {
  year: number;
  /** 1 (Baisakh) … 12 (Chaitra). */
  month: number;
  day: number;
}

function nepaliDate(at: Date): NepaliDate {
  const local = new Date(at.getTime() + NEPAL_OFFSET_MS);
  // The converter reads a Date's local calendar day: hand it Nepal's day at local midnight.
  return new NepaliDate(new Date(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
}

/** The Bikram Sambat day of an instant, in Nepal. */
export function bsDay(at: Date): BsDay {
  const bs = nepaliDate(at);
  return { year: bs.getYear(), month: bs.getMonth() + 1, day: bs.getDate() };
}

/** "2083-08-10": sorts and prefixes by month (the sales register reads it so). */
export function bsIso({ year, month, day }: BsDay): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "2083 Mangsir 10". */
export function bsLabel(at: Date): string {
  return nepaliDate(at).format('YYYY MMMM D', 'en');
}

/** The AD day in Nepal: "2026-11-26". */
export function adIso(at: Date): string {
  return new Date(at.getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 10);
}

/** The fiscal year an instant falls in, "2083/84" (1 Shrawan 2083 to the end of Asar 2084). */
export function fiscalYear(at: Date): string {
  const { year, month } = bsDay(at);
  const start = month - 1 >= SHRAWAN ? year : year - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}
