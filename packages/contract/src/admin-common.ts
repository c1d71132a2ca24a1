import { z } from 'zod';
import { hasNoNul, NUL_CHARACTER } from './auth';
import { errorBody } from './common';

// Shared pieces of the shop console's API (/api/admin/…, staff only; docs/decisions/014).

/** The 403 a signed-in customer gets from every console route. */
export const STAFF_ONLY = 'Only staff accounts can use the shop console.';

export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** The largest value a PostgreSQL integer column holds. */
export const MAX_INT = 2_147_483_647;
/** The largest price or amount the console accepts, in rupees (fits the paisa columns with room). */
export const MAX_RUPEES = 10_000_000;

/** Nepal keeps UTC+05:45 all year; every time in a console answer is written in it. */
export const NEPAL_OFFSET = '+05:45';
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

/** An instant as ISO 8601 in Nepal time, to the second: 2025-10-01T09:30:00+05:45. */
export function toNepalIso(at: Date): string {
  return `${new Date(at.getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 19)}${NEPAL_OFFSET}`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A date-time the console sends: ISO 8601 with an offset (`2025-10-01T09:30:00+05:45`, `…Z`), or
 * without one, which means Nepal time (what an `<input type="datetime-local">` gives:
 * `2025-10-01T09:30`). Null when the text is not such a date-time or names a day that does not exist.
 */
export function parseNepalDateTime(text: string): Date | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00', offset] = match;
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    calendar.getUTCFullYear() !== Number(year) ||
    calendar.getUTCMonth() !== Number(month) - 1 ||
    calendar.getUTCDate() !== Number(day) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  ) {
    return null;
  }
  const at = new Date(offset ? text.trim() : `${text.trim()}${NEPAL_OFFSET}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export const dateTimeText = z
  .string()
  .describe('ISO 8601 in Nepal time, to the second (e.g. 2025-10-01T09:30:00+05:45)');

export function dateTimeInput(label: string) {
  return z
    .string({ error: `${label} must be a date and time such as 2025-10-01T09:30:00+05:45` })
    .transform((text, ctx) => {
      const at = parseNepalDateTime(text);
      if (!at) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a date and time such as 2025-10-01T09:30:00+05:45`,
        });
        return z.NEVER;
      }
      return at;
    })
    .describe(
      'ISO 8601 date-time with an offset (2025-10-01T09:30:00+05:45, or Z), or without one meaning Nepal time (2025-10-01T09:30)',
    );
}

/** Text a field holds: trimmed, at most `max` characters, no NUL; required unless `optional`. */
export function textInput(label: string, max: number, options: { required?: boolean } = {}) {
  const base = z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters`, abort: true })
    .refine(hasNoNul, { message: NUL_CHARACTER, abort: true });
  return options.required === false ? base : base.min(1, { message: `${label} is required`, abort: true });
}

/** True when a JSON number has at most 2 decimals as written (read from its shortest decimal form). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return /^\d+(\.\d{1,2})?$/.test(String(Math.abs(value)));
}

/** A rupee amount: a number, not negative, at most 2 decimals, at most MAX_RUPEES. */
export function rupeesInput(label: string) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
    })
    .min(0, { message: `${label} cannot be negative`, abort: true })
    .max(MAX_RUPEES, { message: `${label} must be at most Rs ${MAX_RUPEES}`, abort: true })
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals (paisa)`)
    .describe('Rupees, at most 2 decimals');
}

/** A whole number within [min, MAX_INT]. */
export function wholeInput(label: string, min = 0, max = MAX_INT) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
    })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
}

export function booleanInput(label: string) {
  return z.boolean({ error: `${label} must be true or false` });
}

/** An id in a JSON body. */
export function idInput(label: string) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be an id`),
    })
    .int(`${label} must be an id`)
    .min(1, `${label} must be an id`)
    .max(MAX_INT, `${label} must be an id`);
}

/** The version the console read; an edit made from an older one is refused with 409. */
export const versionInput = z
  .number({
    error: (issue) =>
      issue.input === undefined
        ? 'version is required: send the version you read'
        : 'version must be a whole number',
  })
  .int('version must be a whole number')
  .min(1, 'version must be at least 1')
  .max(MAX_INT, 'version is too large')
  .describe('The version of the record you read (409 when someone changed it since)');

export const version = z.number().int().describe('Raised by every change; send it back with an edit');

/** "The body must be …" for a body that is not an object, "Unknown field: x" for extra fields. */
export function bodyError(what: string) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys?.join(', ')}` : what;
}

/** `?version=3` on a DELETE: the version the console read. */
export const versionQuery = z.strictObject(
  {
    version: z
      .string({ error: 'version is required: send the version you read' })
      .regex(/^\d{1,10}$/, 'version must be a whole number')
      .transform(Number)
      .pipe(versionInput),
  },
  { error: bodyError('The query must be ?version=N') },
);

// Query strings arrive as text.

function queryWhole(label: string, min: number, max: number) {
  return z
    .string({ error: `${label} must be a whole number` })
    .regex(/^\d{1,10}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(
      z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`),
    );
}

export function queryId(label: string) {
  return queryWhole(label, 1, MAX_INT).describe(`${label} id`);
}

export function queryBoolean(label: string) {
  return z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .transform((value) => value === 'true');
}

export const searchQuery = z
  .string({ error: 'q must be text' })
  .trim()
  .max(200, 'The search is too long (200 characters at most)')
  .refine(hasNoNul, 'The search contains an invalid character');

/**
 * The query of a console list: `page` (from 1), `page_size` (1–100, default 20), `q` (search),
 * `sort` (one of `sorts`), `order` (asc|desc), plus the list's own filters. Unknown parameters are
 * refused, so a misspelt filter is not silently ignored.
 */
export function listQuery<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: S,
  defaults: { sort: S[number]; order: 'asc' | 'desc' },
  filters: F,
) {
  return z.strictObject(
    {
      page: queryWhole('page', 1, 1_000_000).optional().default(1).describe('Page number, from 1'),
      page_size: queryWhole('page_size', 1, ADMIN_PAGE_SIZE_MAX)
        .optional()
        .default(ADMIN_PAGE_SIZE_DEFAULT)
        .describe(`Items per page, 1–${ADMIN_PAGE_SIZE_MAX} (default ${ADMIN_PAGE_SIZE_DEFAULT})`),
      q: searchQuery.optional(),
      sort: z
        .enum(sorts, { error: `sort must be one of: ${sorts.join(', ')}` })
        .optional()
        .default(defaults.sort as never)
        .describe(`Default ${defaults.sort}`),
      order: z
        .enum(['asc', 'desc'], { error: 'order must be asc or desc' })
        .optional()
        .default(defaults.order)
        .describe(`Default ${defaults.order}`),
      ...filters,
    },
    { error: bodyError('Invalid query') },
  );
}

/** A page of a console list. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().describe('Items matching the filters, on every page'),
    page: z.number().int(),
    page_size: z.number().int(),
    results: z.array(item),
  });
}

export const STALE_EDIT =
  'Someone else changed this since you opened it. Their version is shown; check it and make your change again.';

/** The 409 of an edit made from an old version: the record as it is now, for the console to show. */
export function staleEdit<T extends z.ZodType>(current: T) {
  return errorBody.extend({
    current: current.describe('The record as it is now (with its new version)'),
  });
}

/** A 409: either a stale edit with the current record, or a plain conflict (the record is in use). */
export function conflictResponse<T extends z.ZodType>(current: T) {
  return z.union([staleEdit(current), errorBody]);
}

/** `{ message }` of a deletion. */
export const deletedResponse = z.object({ message: z.string(), id: z.number().int() });

/** Lowercase words joined by dashes: how a slug looks. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 200;

/** A slug made from a title: Latin letters without accents and digits, joined by dashes. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 10)
    .replace(/-+$/, '');
}

/** A slug field: blank (or left out) means "make one from the title". */
export const slugInput = z
  .string({ error: 'Slug must be text' })
  .trim()
  .toLowerCase()
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .refine(
    (value) => value === '' || SLUG_PATTERN.test(value),
    'A slug has only lowercase letters, digits and single dashes (e.g. basmati-rice-5kg)',
  )
  .describe('Unique; lowercase letters, digits and dashes. Blank: made from the title');

export const staffRef = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
});
