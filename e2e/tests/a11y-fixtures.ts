import { test as base } from '@playwright/test';

export type Theme = 'light' | 'dark';

interface PersistedAuth {
  access: string;
  refresh: string;
  user_id: string;
  isAuthenticated: true;
}

// Access tokens live 15 minutes; a worker logs in again well before that, so no page ever needs a
// refresh (which would rotate the token under the feet of the next test sharing it).
const SESSION_MAX_AGE_MS = 10 * 60_000;

interface Options {
  /** The colour mode the shop starts in, as redux-persist keeps it. */
  theme: Theme;
  /** Start logged in as the demo customer. */
  signedIn: boolean;
  /** Start logged in as the demo staff member (the shop console); wins over signedIn. */
  staff: boolean;
}

interface WorkerFixtures {
  /** One login of the demo customer per worker, shared by its tests. */
  demoSession: () => Promise<PersistedAuth>;
  /** The same for the demo staff member. */
  staffSession: () => Promise<PersistedAuth>;
}

async function sessionFor(
  api: {
    post: (
      url: string,
      options: { data: unknown },
    ) => Promise<{ ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }>;
  },
  phoneOrEmail: string,
  password: string,
): Promise<PersistedAuth> {
  const res = await api.post('/api/ecommerce/login/', { data: { phone_or_email: phoneOrEmail, password } });
  if (!res.ok()) throw new Error(`${phoneOrEmail} login: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; refresh_token: string; user_id: string };
  return {
    access: body.access_token,
    refresh: body.refresh_token,
    user_id: String(body.user_id),
    isAuthenticated: true,
  };
}

export const test = base.extend<Options, WorkerFixtures>({
  theme: ['light', { option: true }],
  signedIn: [false, { option: true }],
  staff: [false, { option: true }],
  demoSession: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      let session: { at: number; auth: Promise<PersistedAuth> } | undefined;
      const login = async (): Promise<PersistedAuth> => {
        const res = await api.post('/api/ecommerce/login/', {
          data: { phone_or_email: 'demo@example.com', password: 'Demo@1234' },
        });
        if (!res.ok()) throw new Error(`demo login: ${res.status()} ${await res.text()}`);
        const body = (await res.json()) as { access_token: string; refresh_token: string; user_id: string };
        return {
          access: body.access_token,
          refresh: body.refresh_token,
          user_id: String(body.user_id),
          isAuthenticated: true,
        };
      };
      await use(() => {
        if (!session || Date.now() - session.at > SESSION_MAX_AGE_MS) {
          session = { at: Date.now(), auth: login() };
        }
        return session.auth;
      });
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  staffSession: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      let session: { at: number; auth: Promise<PersistedAuth> } | undefined;
      await use(() => {
        if (!session || Date.now() - session.at > SESSION_MAX_AGE_MS) {
          session = { at: Date.now(), auth: sessionFor(api, 'admin@example.com', 'Admin@1234') };
        }
        return session.auth;
      });
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  // The persisted store as the app writes it: each slice a JSON string inside one JSON record.
  storageState: async ({ theme, signedIn, staff, demoSession, staffSession, baseURL }, use) => {
    const record: Record<string, string> = {
      theme: JSON.stringify({ mode: theme }),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    };
    if (staff) record.auth = JSON.stringify(await staffSession());
    else if (signedIn) record.auth = JSON.stringify(await demoSession());
    await use({
      cookies: [],
      origins: [
        { origin: baseURL!, localStorage: [{ name: 'persist:pasal', value: JSON.stringify(record) }] },
      ],
    });
  },
});

export { expect } from '@playwright/test';
