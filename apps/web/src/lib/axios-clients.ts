import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

import { API_ROOT, type SessionHooks } from './api-client';

// Loaded on first use by api-client.ts: axios is not part of the first page load.

/**
 * How long an API request may go without an answer. A mobile line that hangs without breaking
 * would otherwise hold the request for ever: the cart's requests wait one behind another, and Place
 * Order would say "Placing Order…" for good. A timeout is no answer, handled like a dropped line
 * (checkout keeps its key for the next tap). Uploads and downloads of files set `timeout: 0`.
 */
export const API_TIMEOUT_MS = 30_000;

const baseConfig = {
  baseURL: API_ROOT,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  withXSRFToken: true,
  timeout: API_TIMEOUT_MS,
};

/** How long a token refresh may take before the requests waiting for it fail. */
const REFRESH_TIMEOUT_MS = 20_000;

/**
 * A refresh whose connection broke is sent once more after this pause: the server may have spent
 * the token and lost its answer on the way, and takes the same token again only within a minute
 * (decision 088), so the retry must not wait for the shopper's next tap.
 */
const REFRESH_RETRY_MS = 1_500;

/** The connection broke (not a timeout, not an answer): worth one more try. */
function connectionBroke(error: unknown): boolean {
  return axios.isAxiosError(error) && !error.response && error.code === 'ERR_NETWORK';
}

/** The session changed while a refresh ran: its answer is not applied. */
class SessionChanged extends Error {}

type RetriableConfig = InternalAxiosRequestConfig & {
  _retried?: boolean;
  _user?: string;
  skipSessionRefresh?: boolean;
};

/**
 * The server refused the refresh (/token/refresh/ answers a refusal with 400 or 401), or there was
 * nothing to refresh with. A proxy's 403, 408 or 429 and every network failure are not refusals.
 */
function refused(error: unknown): boolean {
  if (error instanceof SessionChanged) return false;
  if (!axios.isAxiosError(error)) return true;
  const status = error.response?.status;
  return status === 400 || status === 401;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Reject a 401 at once instead of refreshing; the caller has its own fallback. */
    skipSessionRefresh?: boolean;
  }
}

/** An axios instance with the session rules of shopping.md §4/§7: bearer, one shared refresh, one retry. */
export function createApiClient(
  hooks: SessionHooks,
  refreshClient: AxiosInstance = axios.create(baseConfig),
) {
  const client = axios.create(baseConfig);
  let refreshing: Promise<string> | null = null;

  client.interceptors.request.use((config) => {
    const { access, user_id } = hooks.getSession();
    // The bearer goes only when both the access token and the user id exist.
    if (access && user_id) config.headers.set('Authorization', `Bearer ${access}`);
    // Whose request it is: a 401 that comes back after another customer logged in is not retried
    // with the new customer's tokens (a cart change would land in their account).
    (config as RetriableConfig)._user = user_id;
    return config;
  });

  /** The session a refresh was started for, to tell whether it is still the one in the store. */
  const sessionOf = () => {
    const { user_id, refresh } = hooks.getSession();
    return `${user_id}\n${refresh ?? ''}`;
  };

  const refreshOnce = (): Promise<string> => {
    if (!refreshing) {
      const { refresh } = hooks.getSession();
      const startedFor = sessionOf();
      refreshing = (async () => {
        if (!refresh) throw new Error('No refresh token');
        const send = () =>
          refreshClient.post<{ token: { access: string; refresh?: string } }>(
            '/token/refresh/',
            { refresh },
            // On a stalled mobile connection a refresh must end: the requests behind it wait for it.
            { timeout: REFRESH_TIMEOUT_MS },
          );
        const res = await send().catch(async (error: unknown) => {
          if (!connectionBroke(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, REFRESH_RETRY_MS));
          if (sessionOf() !== startedFor) throw new SessionChanged();
          return send();
        });
        const access = res.data?.token?.access;
        if (!access) throw new Error('No access token in the refresh answer');
        // The customer logged out (or another logged in) while it ran: its tokens are nobody's now.
        if (sessionOf() !== startedFor) throw new SessionChanged();
        hooks.onTokensRefreshed({ access, refresh: res.data.token.refresh ?? refresh });
        return access;
      })().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  };

  client.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    if (error.response?.status !== 401 || !config || config._retried || config.skipSessionRefresh) {
      throw error;
    }
    if (config._user !== hooks.getSession().user_id) throw error;
    config._retried = true;
    const failedFor = sessionOf();
    let access: string;
    try {
      access = await refreshOnce();
    } catch (refreshError) {
      // The session expires only when the server refused the refresh (or there was nothing to
      // refresh with), and only the session that failed: not one that replaced it meanwhile. A
      // refresh lost to the network or timed out leaves the session as it is.
      if (refused(refreshError) && sessionOf() === failedFor) hooks.onSessionExpired();
      throw error;
    }
    config.headers.set('Authorization', `Bearer ${access}`);
    return client.request(config);
  });

  return client;
}

/** The two axios clients the app uses, bound to the session hooks (see api-client.ts). */
export function createClients(hooks: SessionHooks) {
  const publicClient = axios.create(baseConfig);
  return { publicClient, apiClient: createApiClient(hooks, publicClient) };
}
