import { type FieldErrors as ApiFieldErrors, adminProblem } from './admin-problem';
import { staleCurrent } from './stale-edit';

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

/**
 * What an `<input type="datetime-local">` holds for a console time: answers are always written in
 * Nepal time (…+05:45), so its first 16 characters are the Nepal wall clock, which the server reads
 * back as Nepal time.
 */
export const nepalInputValue = (iso: string | null | undefined) => (iso ? iso.slice(0, 16) : '');

/** The fields of `next` that differ from `before` (what a PATCH sends besides the version). */
export function changedFields<T extends Record<string, unknown>>(before: T, next: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(next[key])) changed[key] = next[key];
  }
  return changed;
}

/** The first message of each top-level field of a 400's `error` map. */
export function firstMessages(fields: ApiFieldErrors): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, list] of Object.entries(fields)) {
    const key = name.split('.')[0] || '_form';
    if (list[0]) errors[key] ??= list[0];
  }
  return errors;
}

/** The record as it is now, when the error is the 409 of an edit made from an old version. */
export const currentAfterConflict = <T>(error: unknown): T | null => staleCurrent<T>(adminProblem(error));

/** The field messages of a 400, first message each. */
export const fieldErrorsOf = (error: unknown): FieldErrors => firstMessages(adminProblem(error).fieldErrors);
