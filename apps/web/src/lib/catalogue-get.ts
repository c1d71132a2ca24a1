import { API_ROOT } from './api-client';

/** A failed answer of `catalogueGet`, shaped like axios's (`response.status`, `response.data`). */
export class HttpError extends Error {
  readonly isHttpError = true;
  constructor(
    message: string,
    readonly response?: { status: number; data: unknown },
  ) {
    super(message);
  }
}

const taken = new Set<string>();

/**
 * The API addresses whose answers the server wrote into this page (taken or not yet): the network
 * never saw them, so the service worker asks for them once it controls the page (pwa/register-sw.ts).
 */
export function embeddedAnswerUrls(): string[] {
  const waiting = [...document.querySelectorAll<HTMLScriptElement>('script[data-answer-of]')].map(
    (block) => block.dataset.answerOf ?? '',
  );
  return [...taken, ...waiting].filter(Boolean);
}

/**
 * The answer to GET `path` that the server wrote into the page it served, parsed, or undefined:
 * taken once, so a later visit to the same page asks the API afresh.
 */
export function takeEmbedded<T>(path: string): T | undefined {
  const url = `${API_ROOT}${path}`;
  for (const block of document.querySelectorAll<HTMLScriptElement>('script[data-answer-of]')) {
    if (block.dataset.answerOf !== url) continue;
    block.remove();
    taken.add(url);
    try {
      return JSON.parse(block.textContent ?? '') as T;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Query parameters; a list repeats its parameter (`brand=a&brand=b`). */
type Params = Record<string, string | number | undefined | readonly string[]>;

/** The answer the page's early script already asked for at this URL (src/app/early-requests.ts), once. */
function takeEarly(url: string): Promise<Response> | undefined {
  const early = (window as unknown as { __pasalEarly?: Map<string, Promise<Response>> }).__pasalEarly;
  const response = early?.get(url);
  early?.delete(url);
  return response;
}

/**
 * A GET of a public catalogue path through the browser's own `fetch`: the pages a visitor lands on
 * (home, category, product, search) read their data without loading axios. Answers like axios's:
 * `{ data }` for 2xx, an `HttpError` with `response` otherwise.
 */
export async function catalogueGet<T>(
  path: string,
  opts: { params?: Params; signal?: AbortSignal } = {},
): Promise<{ data: T; status: number }> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(opts.params ?? {})) {
    if (Array.isArray(value)) for (const one of value) query.append(key, one);
    else if (value !== undefined) query.set(key, String(value));
  }
  const url = `${API_ROOT}${path}${query.size ? `?${query}` : ''}`;
  let res: Response;
  try {
    res = await (takeEarly(url) ??
      fetch(url, { headers: { Accept: 'application/json' }, signal: opts.signal }));
    opts.signal?.throwIfAborted();
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    throw new HttpError('Network Error');
  }
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the text itself, as axios would give it.
  }
  if (!res.ok) {
    throw new HttpError(`Request failed with status code ${res.status}`, { status: res.status, data });
  }
  return { data: data as T, status: res.status };
}
