import { test as base } from '@playwright/test';
import { createUser, type TestUser } from './accounts-helpers';

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
  /** Start logged in as the matrix's own customer (see `customer`). */
  signedIn: boolean;
  /** Start logged in as the demo staff member (the shop console); wins over signedIn. */
  staff: boolean;
  /** Start logged in as the demo delivery rider (/rider). */
  rider: boolean;
}

interface TestFixtures {
  /** The customer the signed-in screens show (the worker's own; see customerAccount). */
  customer: () => Promise<TestUser>;
}

interface WorkerFixtures {
  /**
   * A customer of the matrix's own, signed up once per worker on first use, and its login (renewed
   * like the staff session). The demo customer's cart, orders and wishlist are shared with other
   * specs running at the same time, so the screens that show a customer's data use this one.
   */
  customerAccount: () => Promise<{ user: TestUser; session: PersistedAuth }>;
  /** The same for the demo staff member. */
  staffSession: () => Promise<PersistedAuth>;
  /** The same for the demo rider. */
  riderSession: () => Promise<PersistedAuth>;
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

export const test = base.extend<Options & TestFixtures, WorkerFixtures>({
  theme: ['light', { option: true }],
  signedIn: [false, { option: true }],
  staff: [false, { option: true }],
  rider: [false, { option: true }],
  customerAccount: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      let user: Promise<TestUser> | undefined;
      let session: { at: number; auth: Promise<PersistedAuth> } | undefined;
      await use(async () => {
        user ??= createUser(api, 'a11y');
        const signedUp = await user;
        if (!session || Date.now() - session.at > SESSION_MAX_AGE_MS) {
          session = { at: Date.now(), auth: sessionFor(api, signedUp.phone, signedUp.password) };
        }
        return { user: signedUp, session: await session.auth };
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
  riderSession: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      let session: { at: number; auth: Promise<PersistedAuth> } | undefined;
      await use(() => {
        if (!session || Date.now() - session.at > SESSION_MAX_AGE_MS) {
          session = { at: Date.now(), auth: sessionFor(api, 'rider@example.com', 'Rider@1234') };
        }
        return session.auth;
      });
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  customer: async ({ customerAccount }, use) => {
    await use(async () => (await customerAccount()).user);
  },
  // The persisted store as the app writes it: each slice a JSON string inside one JSON record.
  storageState: async (
    { theme, signedIn, staff, rider, customerAccount, staffSession, riderSession, baseURL },
    use,
  ) => {
    const record: Record<string, string> = {
      theme: JSON.stringify({ mode: theme }),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    };
    if (staff) record.auth = JSON.stringify(await staffSession());
    else if (rider) record.auth = JSON.stringify(await riderSession());
    else if (signedIn) record.auth = JSON.stringify((await customerAccount()).session);
    await use({
      cookies: [],
      origins: [
        { origin: baseURL!, localStorage: [{ name: 'persist:pasal', value: JSON.stringify(record) }] },
      ],
    });
  },
});

export { expect } from '@playwright/test';
