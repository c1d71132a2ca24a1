import { formatRupees as formatPaisa } from '@pasal/contract/shop-texts';
import axios from 'axios';
import { toPaisa } from '../../lib/money';

// Console forms keep what staff type as text and turn it into the contract's body on submit; the
// contract's zod schema then checks the body, and its messages are shown beside the fields.

export type FieldErrors = Record<string, string>;

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** The first message of each top-level field (`_form` for one about the whole body). */
export function issuesToErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Checks `body` with a contract schema: the parsed body, or the field errors. */
export function checkBody<T>(
  schema: {
    safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
  },
  body: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(body);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: issuesToErrors(result.error.issues) };
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number field's text as the body carries it: blank → left out, a plain decimal → that number
 * (read, never computed with), anything else stays text so the schema says it is not a number.
 */
export function numberOrText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return NUMBER_TEXT.test(trimmed) ? Number(trimmed) : trimmed;
}

/** Like numberOrText, but blank means null (no limit, no cap). */
export function numberOrNull(text: string): number | string | null {
  return numberOrText(text) ?? null;
}

/** A number as a form shows it ('' for null). */
export const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Rupees (as an answer gives them) as the shop shows them: Rs 500, Rs 499.50. */
export const formatRupees = (rupees: number) => formatPaisa(toPaisa(rupees));

/**
 * What an `<input type="datetime-local">` holds for a console time: answers are always written in
 * Nepal time (…+05:45), so its first 16 characters are the Nepal wall clock, which the server reads
 * back as Nepal time.
 */
export const nepalInputValue = (iso: string | null | undefined) => (iso ? iso.slice(0, 16) : '');

/** A console time for reading: 2025-10-01 09:30 (Nepal time). */
export const nepalDisplay = (iso: string | null | undefined) =>
  iso ? iso.slice(0, 16).replace('T', ' ') : '—';

/** The fields of `next` that differ from `before` (what a PATCH sends besides the version). */
export function changedFields<T extends Record<string, unknown>>(before: T, next: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(next[key])) changed[key] = next[key];
  }
  return changed;
}

/** The server's field errors of a 400 (`error: {field: [messages]}`), first message each. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!axios.isAxiosError(error) || error.response?.status !== 400) return {};
  const fields = (error.response.data as { error?: Record<string, unknown> } | undefined)?.error;
  const errors: FieldErrors = {};
  if (fields && typeof fields === 'object') {
    for (const [name, messages] of Object.entries(fields)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === 'string') errors[name.split('.')[0]] = first;
    }
  }
  return errors;
}

/** The record as it is now, when the error is the 409 of an edit made from an old version. */
export function staleCurrent<T>(error: unknown): T | undefined {
  if (!axios.isAxiosError(error) || error.response?.status !== 409) return undefined;
  return (error.response.data as { current?: T } | undefined)?.current;
}

/** How a record's value reads in the 409 notice. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The labelled fields whose values differ between what was opened and their version. */
export function differences<R extends object>(
  mine: R,
  theirs: R,
  labels: readonly (readonly [keyof R, string])[],
): [string, string][] {
  return labels
    .filter(([key]) => JSON.stringify(mine[key]) !== JSON.stringify(theirs[key]))
    .map(([key, label]) => [label, displayValue(theirs[key])]);
}
