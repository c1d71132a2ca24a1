import axios from 'axios';

// What went wrong with a console request, as every console screen reads it.

/** Field messages keyed by the field's path (`title`, `user.first_name`), as the API's 400s give them. */
export type FieldErrors = Record<string, string[]>;

/** What went wrong with a console request, read from the error. */
export interface AdminProblem {
  /** The HTTP status, or null when no answer came (network down). */
  status: number | null;
  message: string;
  /** The 400's `error` map (empty otherwise). */
  fieldErrors: FieldErrors;
  /** A stale edit's 409 carries the record as it is now. */
  current?: unknown;
}

const FALLBACK = 'Something went wrong. Please try again.';

export function adminProblem(error: unknown, fallback = FALLBACK): AdminProblem {
  if (axios.isAxiosError(error)) {
    const status = error.response?.status ?? null;
    const data = (error.response?.data ?? {}) as {
      message?: unknown;
      detail?: unknown;
      error?: unknown;
      current?: unknown;
    };
    const fieldErrors: FieldErrors = {};
    if (data.error && typeof data.error === 'object') {
      for (const [key, value] of Object.entries(data.error as Record<string, unknown>)) {
        if (Array.isArray(value)) fieldErrors[key] = value.map(String);
        else if (typeof value === 'string') fieldErrors[key] = [value];
      }
    }
    const message =
      typeof data.message === 'string' && data.message
        ? data.message
        : typeof data.detail === 'string' && data.detail
          ? data.detail
          : status === null
            ? 'The server could not be reached. Check the connection and try again.'
            : fallback;
    return { status, message, fieldErrors, ...('current' in data ? { current: data.current } : {}) };
  }
  return {
    status: null,
    message: error instanceof Error && error.message ? error.message : fallback,
    fieldErrors: {},
  };
}
