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

/** A catalogue answer this page read, as the service worker would have kept it. */
export interface ReadAnswer {
  url: string;
  body: string;
  cacheControl: string;
}

// What embedded answers would have carried from the API (decision 011): shown as they are, asked
// afresh on the next read.
const EMBEDDED_CACHE_CONTROL = 'public, no-cache';
// The worker keeps at most 200 catalogue answers (pwa/sw.ts): more are not worth holding here.
const MAX_READ = 200;

/**
 * The catalogue answers this page read before a service worker controlled it (a first visit), by
 * URL. They went past the worker; the page hands them over once it controls the page
 * (pwa/register-sw.ts) instead of asking the network for each a second time (issue 25).
 */
const readBeforeWorker = new Map<string, ReadAnswer>();
let handedOver = false;

function keep(answer: ReadAnswer) {
  if (!handedOver && readBeforeWorker.size < MAX_READ) readBeforeWorker.set(answer.url, answer);
}

function noteRead(answer: ReadAnswer) {
  // A page the worker already controls: its answers went through the worker.
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    navigator.serviceWorker.controller
  )
    return;
  keep(answer);
}

/**
 * The answers this page read before the worker controlled it, the server's embedded ones included
 * (taken or not yet), once: later answers go through the worker itself.
 */
export function takeAnswersReadBeforeWorker(): ReadAnswer[] {
  for (const block of document.querySelectorAll<HTMLScriptElement>('script[data-answer-of]')) {
    const url = block.dataset.answerOf;
    // Never through the worker, whenever they are read.
    if (url) keep({ url, body: block.textContent ?? '', cacheControl: EMBEDDED_CACHE_CONTROL });
  }
  handedOver = true;
  const answers = [...readBeforeWorker.values()];
  readBeforeWorker.clear();
  return answers;
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
    const body = block.textContent ?? '';
    keep({ url, body, cacheControl: EMBEDDED_CACHE_CONTROL });
    try {
      return JSON.parse(body) as T;
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
  const cacheControl = res.headers.get('cache-control');
  if (res.status === 200 && cacheControl) noteRead({ url, body: text, cacheControl });
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
