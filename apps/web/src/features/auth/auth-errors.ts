import axios from 'axios';

type Body = {
  message?: unknown;
  error?: unknown;
};

/** The parsed JSON body of an HTTP error answer, if the server answered at all. */
export function errorBody(error: unknown): Body | undefined {
  if (!axios.isAxiosError(error) || !error.response) return undefined;
  const data = error.response.data;
  return data && typeof data === 'object' ? (data as Body) : {};
}

/** True when the server answered (as opposed to a network failure or a bug). */
export function isHttpError(error: unknown): boolean {
  return axios.isAxiosError(error) && Boolean(error.response);
}

/** The body's `message` when it is a non-empty string. */
export function serverMessage(error: unknown): string | undefined {
  const message = errorBody(error)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** The first message of `error.{field}` in the spec's field-error form. */
export function fieldError(error: unknown, field: string): string | undefined {
  const fields = errorBody(error)?.error;
  if (!fields || typeof fields !== 'object') return undefined;
  const value = (fields as Record<string, unknown>)[field];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first ? first : undefined;
}
