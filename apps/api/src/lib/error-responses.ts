import { errorBody } from '@pasal/contract/common';

/** The 4xx/5xx answers a route can give; each carries the one error shape (src/plugins/error-handler.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/**
 * `response` entries for a route's error answers: `errorResponses(400, 401, 404)` is
 * `{ 400: errorBody, 401: errorBody, 404: errorBody }`.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorBody } {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as {
    [K in S[number]]: typeof errorBody;
  };
}
