import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig } from 'axios';

export const API_ROOT = '/api/ecommerce';

export interface SessionTokens {
  access: string;
  refresh: string | null;
  user_id: string;
}

/** How the client reaches the session without importing the store (avoids an import cycle). */
export interface SessionHooks {
  getSession(): SessionTokens;
  onTokensRefreshed(tokens: { access: string; refresh: string | null }): void;
  onSessionExpired(): void;
}

let hooks: SessionHooks = {
  getSession: () => ({ access: '', refresh: null, user_id: '' }),
  onTokensRefreshed: () => {},
  onSessionExpired: () => {},
};

/** Wired to the store in app/store.ts. */
export function bindSession(next: SessionHooks) {
  hooks = next;
}

type Clients = { apiClient: AxiosInstance; publicClient: AxiosInstance };
let clients: Promise<Clients> | undefined;

/**
 * axios and the session rules (src/lib/axios-clients.ts) load on the first call that needs them:
 * a visitor's catalogue pages read through `catalogueGet` (src/lib/catalogue-get.ts) and never do.
 */
function loadClients(): Promise<Clients> {
  clients ??= import('./axios-clients').then((m) =>
    m.createClients({
      getSession: () => hooks.getSession(),
      onTokensRefreshed: (t) => hooks.onTokensRefreshed(t),
      onSessionExpired: () => hooks.onSessionExpired(),
    }),
  );
  return clients;
}

type LazyClient = Pick<AxiosInstance, 'get' | 'delete' | 'post' | 'put' | 'patch' | 'request'> & {
  /** Only `adapter` (tests put a fake server behind the real client with it). */
  defaults: { adapter?: AxiosAdapter };
};

/** An axios instance's request methods, each waiting for axios to load first. */
function lazyClient(pick: (c: Clients) => AxiosInstance): LazyClient {
  const defaults: LazyClient['defaults'] = {};
  const withDefaults = <C extends AxiosRequestConfig>(config?: C) =>
    defaults.adapter ? ({ adapter: defaults.adapter, ...config } as C) : config;
  const client = async () => pick(await loadClients());
  return {
    defaults,
    get: (async (url: string, config?: AxiosRequestConfig) =>
      (await client()).get(url, withDefaults(config))) as AxiosInstance['get'],
    delete: (async (url: string, config?: AxiosRequestConfig) =>
      (await client()).delete(url, withDefaults(config))) as AxiosInstance['delete'],
    post: (async (url: string, data?: unknown, config?: AxiosRequestConfig) =>
      (await client()).post(url, data, withDefaults(config))) as AxiosInstance['post'],
    put: (async (url: string, data?: unknown, config?: AxiosRequestConfig) =>
      (await client()).put(url, data, withDefaults(config))) as AxiosInstance['put'],
    patch: (async (url: string, data?: unknown, config?: AxiosRequestConfig) =>
      (await client()).patch(url, data, withDefaults(config))) as AxiosInstance['patch'],
    request: (async (config: AxiosRequestConfig) =>
      (await client()).request(withDefaults(config) ?? config)) as AxiosInstance['request'],
  };
}

/** With the session: bearer, one shared refresh, one retry (shopping.md §4/§7). */
export const apiClient = lazyClient((c) => c.apiClient);

/** Calls that never carry a session (token refresh, logout, sign-up and login steps). */
export const publicClient = lazyClient((c) => c.publicClient);

/** The status and body of a failed HTTP answer, from axios or from `catalogueGet`. */
export function httpResponse(error: unknown): { status: number; data: unknown } | undefined {
  const e = error as { isAxiosError?: unknown; isHttpError?: unknown; response?: unknown } | null;
  if (typeof e !== 'object' || e === null || !(e.isAxiosError === true || e.isHttpError === true)) return;
  const response = e.response as { status?: unknown; data?: unknown } | undefined;
  return typeof response?.status === 'number' ? { status: response.status, data: response.data } : undefined;
}

/**
 * No answer from the shop (network error, timeout, a gateway's 5xx): a change may have been made or
 * not. A refusal (4xx) is an answer: nothing changed.
 */
export function unanswered(error: unknown): boolean {
  return (httpResponse(error)?.status ?? 500) >= 500;
}

/** An error of the HTTP layer (axios or `catalogueGet`), with or without an answer. */
export function isHttpError(error: unknown): error is Error {
  const e = error as { isAxiosError?: unknown; isHttpError?: unknown } | null;
  return typeof e === 'object' && e !== null && (e.isAxiosError === true || e.isHttpError === true);
}

/** The server's message, the error's own message, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = httpResponse(error)?.data as { message?: unknown; detail?: unknown } | undefined;
  if (typeof data?.message === 'string' && data.message) return data.message;
  if (typeof data?.detail === 'string' && data.detail) return data.detail;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
