import axios, { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import type { SessionTokens } from './api-client';
import { createApiClient } from './axios-clients';

function respond(config: InternalAxiosRequestConfig, status: number, data: unknown) {
  const response = { data, status, statusText: String(status), headers: {}, config };
  if (status >= 200 && status < 300) return Promise.resolve(response);
  return Promise.reject(
    new AxiosError(`Request failed with status code ${status}`, 'ERR', config, null, response),
  );
}

/**
 * An api client over a session the test can change (as a logout and another login would), whose
 * refresh calls and API calls are answered by the given adapters.
 */
function sessionClient(
  refreshAdapter: AxiosAdapter,
  apiAdapter: AxiosAdapter,
  initial: SessionTokens = { access: 'old', refresh: 'r1', user_id: '7' },
) {
  let session = initial;
  const refreshCalls: unknown[] = [];
  const refreshClient = axios.create();
  refreshClient.defaults.adapter = ((config) => {
    refreshCalls.push(JSON.parse(config.data as string));
    return refreshAdapter(config);
  }) as AxiosAdapter;
  const expired = vi.fn();
  const client = createApiClient(
    {
      getSession: () => session,
      onTokensRefreshed: (t) => {
        session = { ...session, access: t.access, refresh: t.refresh };
      },
      onSessionExpired: expired,
    },
    refreshClient,
  );
  client.defaults.adapter = apiAdapter;
  const switchTo = (next: SessionTokens) => {
    session = next;
  };
  return { client, refreshCalls, expired, session: () => session, switchTo };
}

function setup(refreshAnswer: 'ok' | 'fail') {
  const seen: (string | undefined)[] = [];
  const t = sessionClient(
    ((config) =>
      refreshAnswer === 'ok'
        ? respond(config, 200, { token: { access: 'new', refresh: 'r2' } })
        : respond(config, 401, { message: 'bad' })) as AxiosAdapter,
    ((config) => {
      const auth = config.headers.get('Authorization') as string | undefined;
      seen.push(auth);
      return auth === 'Bearer new' ? respond(config, 200, { ok: config.url }) : respond(config, 401, {});
    }) as AxiosAdapter,
  );
  return { ...t, seen };
}

describe('api client session refresh', () => {
  it('shares one refresh between concurrent 401s and retries each request once', async () => {
    const t = setup('ok');
    const [a, b, c] = await Promise.all([t.client.get('/a'), t.client.get('/b'), t.client.get('/c')]);
    expect([a.data.ok, b.data.ok, c.data.ok]).toEqual(['/a', '/b', '/c']);
    expect(t.refreshCalls).toEqual([{ refresh: 'r1' }]);
    expect(t.session()).toMatchObject({ access: 'new', refresh: 'r2' });
    expect(t.seen.filter((h) => h === 'Bearer old')).toHaveLength(3);
    expect(t.expired).not.toHaveBeenCalled();
  });

  it('expires the session once the refresh fails', async () => {
    const t = setup('fail');
    await expect(t.client.get('/a')).rejects.toThrow('401');
    expect(t.refreshCalls).toHaveLength(1);
    expect(t.expired).toHaveBeenCalledTimes(1);
  });

  it('sends the bearer only when both the access token and the user id exist', async () => {
    const headers: unknown[] = [];
    const client = createApiClient({
      getSession: () => ({ access: 'tok', refresh: null, user_id: '' }),
      onTokensRefreshed: () => {},
      onSessionExpired: () => {},
    });
    client.defaults.adapter = ((config) => {
      headers.push(config.headers.get('Authorization'));
      return respond(config, 200, {});
    }) as AxiosAdapter;
    await client.get('/x');
    expect(headers[0]).toBeUndefined();
  });

  describe('a refresh that answers after the session changed (logout, then another login)', () => {
    function slowRefresh(answer: 'ok' | 'fail') {
      let release: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        release = resolve;
      });
      const t = sessionClient(
        (async (config) => {
          await answered;
          return answer === 'ok'
            ? respond(config, 200, { token: { access: 'a-new', refresh: 'a-r2' } })
            : respond(config, 401, { message: 'bad' });
        }) as AxiosAdapter,
        ((config) => respond(config, 401, {})) as AxiosAdapter,
        { access: 'a-old', refresh: 'a-r1', user_id: '7' },
      );
      return { ...t, release };
    }

    it("writes nothing of the old customer's into the new one's session", async () => {
      const t = slowRefresh('ok');
      const request = t.client.get('/profile/');
      await new Promise((resolve) => setTimeout(resolve, 0));
      t.switchTo({ access: 'b-access', refresh: 'b-r1', user_id: '8' });
      t.release();
      await expect(request).rejects.toThrow('401');
      expect(t.session()).toEqual({ access: 'b-access', refresh: 'b-r1', user_id: '8' });
      expect(t.expired).not.toHaveBeenCalled();
    });

    it('a refresh that fails then does not log the new customer out', async () => {
      const t = slowRefresh('fail');
      const request = t.client.get('/profile/');
      await new Promise((resolve) => setTimeout(resolve, 0));
      t.switchTo({ access: 'b-access', refresh: 'b-r1', user_id: '8' });
      t.release();
      await expect(request).rejects.toThrow('401');
      expect(t.expired).not.toHaveBeenCalled();
    });
  });

  it('a refresh lost to the network leaves the session as it is', async () => {
    const t = sessionClient(
      ((config) =>
        Promise.reject(
          new AxiosError('timeout of 20000ms exceeded', 'ECONNABORTED', config),
        )) as AxiosAdapter,
      ((config) => respond(config, 401, {})) as AxiosAdapter,
    );
    await expect(t.client.get('/profile/')).rejects.toThrow('401');
    expect(t.expired).not.toHaveBeenCalled();
    expect(t.session()).toEqual({ access: 'old', refresh: 'r1', user_id: '7' });
  });

  it('a refresh whose connection broke is sent once more, with the same token, and the request goes on', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const t = sessionClient(
        ((config) =>
          ++calls === 1
            ? Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config))
            : respond(config, 200, { token: { access: 'new', refresh: 'r2' } })) as AxiosAdapter,
        ((config) =>
          config.headers.get('Authorization') === 'Bearer new'
            ? respond(config, 200, { ok: true })
            : respond(config, 401, {})) as AxiosAdapter,
      );
      const request = t.client.get('/profile/');
      await vi.advanceTimersByTimeAsync(1_500);
      await expect(request).resolves.toMatchObject({ data: { ok: true } });
      expect(t.refreshCalls).toEqual([{ refresh: 'r1' }, { refresh: 'r1' }]);
      expect(t.session()).toEqual({ access: 'new', refresh: 'r2', user_id: '7' });
      expect(t.expired).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refresh whose connection broke twice leaves the session as it is; a timeout is not sent again', async () => {
    vi.useFakeTimers();
    try {
      const broken = sessionClient(
        ((config) => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config))) as AxiosAdapter,
        ((config) => respond(config, 401, {})) as AxiosAdapter,
      );
      const request = broken.client.get('/profile/');
      const failed = expect(request).rejects.toThrow('401');
      await vi.advanceTimersByTimeAsync(1_500);
      await failed;
      expect(broken.refreshCalls).toHaveLength(2);
      expect(broken.expired).not.toHaveBeenCalled();
      expect(broken.session()).toEqual({ access: 'old', refresh: 'r1', user_id: '7' });
    } finally {
      vi.useRealTimers();
    }
    const stalled = sessionClient(
      ((config) =>
        Promise.reject(
          new AxiosError('timeout of 20000ms exceeded', 'ECONNABORTED', config),
        )) as AxiosAdapter,
      ((config) => respond(config, 401, {})) as AxiosAdapter,
    );
    await expect(stalled.client.get('/profile/')).rejects.toThrow('401');
    expect(stalled.refreshCalls).toHaveLength(1);
  });

  it("a 401 for the previous customer's request is not retried with the new customer's tokens", async () => {
    const sent: (string | undefined)[] = [];
    const t = sessionClient(
      ((config) => respond(config, 200, { token: { access: 'b-new', refresh: 'b-r2' } })) as AxiosAdapter,
      (async (config) => {
        sent.push(config.headers.get('Authorization') as string | undefined);
        // The answer comes after customer 7 logged out and customer 8 logged in.
        t.switchTo({ access: 'b-access', refresh: 'b-r1', user_id: '8' });
        return respond(config, 401, {});
      }) as AxiosAdapter,
      { access: 'a-old', refresh: 'a-r1', user_id: '7' },
    );
    await expect(t.client.post('/cart/add/', {})).rejects.toThrow('401');
    expect(sent).toEqual(['Bearer a-old']);
    expect(t.refreshCalls).toEqual([]);
  });

  it('does not refresh when the caller asked to handle 401 itself', async () => {
    const t = setup('ok');
    await expect(t.client.get('/a', { skipSessionRefresh: true })).rejects.toThrow('401');
    expect(t.refreshCalls).toHaveLength(0);
  });
});
